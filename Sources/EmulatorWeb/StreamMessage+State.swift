import UWBEmulator
import UWBEmulatorService

extension StreamMessage {
    /// The `state` message: virtual time and speed, every device in the plan's order, and the links
    /// that carried a frame or have a measurement.
    static func stateJSON(_ snapshot: EmulatorSnapshot) -> StreamJSON {
        var links: [StreamJSON] = []
        for link in snapshot.links {
            let measured = measurements(of: link)
            guard link.frames > 0 || !measured.isEmpty else { continue }
            links.append(.object([
                ("a", .integer(link.first)),
                ("b", .integer(link.second)),
                ("trueMetres", .number(link.trueDistance.metres, decimals: 4)),
                ("frames", .array([.integer(link.framesToSecond), .integer(link.framesToFirst)])),
                ("measured", .array(measured)),
            ]))
        }
        return .object([
            ("type", .string("state")),
            ("t", seconds(snapshot.now)),
            ("speed", .number(snapshot.speed, decimals: 6)),
            ("paused", .bool(snapshot.paused)),
            ("devices", .array(snapshot.devices.map { device in
                .object([
                    ("position", .metres(device.position)),
                    ("yawDegrees", .number(device.yaw.degrees, decimals: 2)),
                    ("clockOffsetPPM", .number(device.clockOffset.partsPerMillion, decimals: 3)),
                    ("app", .optional(device.app) { .string($0.label) }),
                    ("fix", .optional(device.fix, fixJSON)),
                ])
            })),
            ("links", .array(links)),
        ])
    }

    /// The latest position a device's app fixed of it: the position, its covariance (m², row by
    /// row, 4 or 9 values), when, and the earlier fixes' positions, oldest first.
    static func fixJSON(_ fix: SnapshotFix) -> StreamJSON {
        .object([
            ("position", .metres(fix.position)),
            ("covariance", .array(fix.covariance.map { .number($0, decimals: 6) })),
            ("t", seconds(fix.at)),
            ("track", .array(fix.track.map { .metres($0) })),
        ])
    }

    /// What each end of `link` last measured of the other, as its app reported it (`by`, `metres`
    /// (null when the round's checks withheld it), `azimuthDegrees`, `elevationDegrees`, `nlos`,
    /// `figureOfMerit`, `receivedLevelDBm`, `firstPathLevelDBm`, `failedChecks`, `t`).
    static func measurements(of link: SnapshotLink) -> [StreamJSON] {
        link.measurements.map { measurement in
            .object([
                ("by", .integer(measurement.by)),
                ("metres", .optional(measurement.distance) { .number($0.metres, decimals: 4) }),
                ("azimuthDegrees", .optional(measurement.azimuth) { .number($0.degrees, decimals: 2) }),
                ("elevationDegrees", .optional(measurement.elevation) { .number($0.degrees, decimals: 2) }),
                ("nlos", .optional(measurement.isNonLineOfSight) { .bool($0) }),
                ("figureOfMerit", .optional(measurement.quality.figureOfMerit) { .number($0, decimals: 3) }),
                ("receivedLevelDBm", .optional(measurement.quality.receivedLevel) { .number($0.dBm, decimals: 1) }),
                ("firstPathLevelDBm", .optional(measurement.quality.firstPathLevel) { .number($0.dBm, decimals: 1) }),
                ("failedChecks", .optional(measurement.quality.failedChecks) { .array($0.names.map { .string($0) }) }),
                ("t", seconds(measurement.at)),
            ])
        }
    }
}
