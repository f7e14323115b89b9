import UWBEmulator
import UWBEmulatorService

/// One snapshot of `uwb emulator watch --format jsonl` as one line of JSON (fields:
/// Docs/emulator-service.md, "Watching the room").
///
/// Keys come in a fixed order: `t`, `speed`, `devices` (each `name`, `board`, `position`, `free`,
/// `app`, the app being `pid` and `name`, or `null`, and `fix`, its `position`, `covariance`, `t` and
/// `track`, or `null`), `links` (each `a`, `b`, `true_distance`, `frames`, `frames_per_second`,
/// `measured`, each measurement `by`, `distance`, `azimuth_degrees`, `elevation_degrees`, `nlos`,
/// `figure_of_merit`, `failed_checks`, `t`). Unknown values are `null`.
enum WatchJSONLine {
    /// The JSON object for `snapshot` with the links' `rates` (``LinkRates``), without a newline.
    static func line(for snapshot: EmulatorSnapshot, rates: [Double?]) -> String {
        let devices = snapshot.devices.map { device in
            JSONText.object([
                ("name", JSONText.string(device.name)),
                ("board", JSONText.string(device.board)),
                ("position", JSONText.vector(device.position.metres)),
                ("free", device.isFree ? "true" : "false"),
                ("app", device.app.map { app in
                    JSONText.object([
                        ("pid", app.processID.map { "\($0)" } ?? "null"),
                        ("name", app.name.isEmpty ? "null" : JSONText.string(app.name)),
                    ])
                } ?? "null"),
                ("fix", device.fix.map(fix) ?? "null"),
            ])
        }
        let links = snapshot.links.enumerated().map { index, link in
            JSONText.object([
                ("a", JSONText.string(snapshot.devices[link.first].name)),
                ("b", JSONText.string(snapshot.devices[link.second].name)),
                ("true_distance", JSONText.number(link.trueDistance.metres, decimals: 4)),
                ("frames", "\(link.frames)"),
                ("frames_per_second", JSONText.number(rates.indices.contains(index) ? rates[index] : nil, decimals: 2)),
                ("measured", "[" + link.measurements.map { measured($0, in: snapshot) }.joined(separator: ",") + "]"),
            ])
        }
        return JSONText.object([
            ("t", JSONText.number(snapshot.now.seconds, decimals: 6)),
            ("speed", JSONText.number(snapshot.speed, decimals: 3)),
            ("devices", "[" + devices.joined(separator: ",") + "]"),
            ("links", "[" + links.joined(separator: ",") + "]"),
        ])
    }

    /// A device's fix as a JSON object: the position (metres, 4 decimals), its covariance (m², row
    /// by row, 6 decimals), when it was reported (virtual seconds, 6 decimals) and the track's positions.
    private static func fix(_ fix: SnapshotFix) -> String {
        JSONText.object([
            ("position", JSONText.vector(fix.position.metres)),
            ("covariance", "[" + fix.covariance.map { JSONText.number($0, decimals: 6) }.joined(separator: ",") + "]"),
            ("t", JSONText.number(fix.at.seconds, decimals: 6)),
            ("track", "[" + fix.track.map { JSONText.vector($0.metres) }.joined(separator: ",") + "]"),
        ])
    }

    /// A link's measurement as a JSON object: who measured, the distance (metres, 4 decimals; null
    /// when withheld), the angles (degrees, 2 decimals), NLOS, the figure of merit, the failed checks
    /// and when it was reported (virtual seconds, 6 decimals).
    private static func measured(_ measurement: SnapshotMeasurement, in snapshot: EmulatorSnapshot) -> String {
        JSONText.object([
            ("by", snapshot.devices.indices.contains(measurement.by) ? JSONText.string(snapshot.devices[measurement.by].name) : "null"),
            ("distance", JSONText.number(measurement.distance?.metres, decimals: 4)),
            ("azimuth_degrees", JSONText.number(measurement.azimuth?.degrees, decimals: 2)),
            ("elevation_degrees", JSONText.number(measurement.elevation?.degrees, decimals: 2)),
            ("nlos", measurement.isNonLineOfSight.map { $0 ? "true" : "false" } ?? "null"),
            ("figure_of_merit", JSONText.number(measurement.quality.figureOfMerit, decimals: 3)),
            ("failed_checks", measurement.quality.failedChecks.map { "[" + $0.names.map(JSONText.string).joined(separator: ",") + "]" } ?? "null"),
            ("t", JSONText.number(measurement.at.seconds, decimals: 6)),
        ])
    }
}
