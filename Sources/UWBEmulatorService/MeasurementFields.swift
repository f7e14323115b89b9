import UWBCore
import UWBEmulator

/// What a measurement says, as REPORT and SNAPSHOT carry it (`Docs/emulator-service.md`): flags
/// (8: bit 0 an azimuth, bit 1 an elevation, bit 2 NLOS judged, bit 3 NLOS, bit 4 no distance,
/// bit 5 a figure of merit, bit 6 the levels, bit 7 the failed checks), time (64), then the
/// distance (binary64 metres) unless bit 4 is set, the azimuth and the elevation (binary64
/// radians each), the figure of merit (binary64, 0…1), the received and first-path levels
/// (binary64 dBm each) and the failed checks (8, ``RangingQualityFlags``), each if its bit is set.
struct MeasurementFields: Hashable {
    var distance: Distance?
    var azimuth: Angle?
    var elevation: Angle?
    var isNonLineOfSight: Bool?
    var quality: MeasurementQuality
    var at: SimulationTime

    /// The fields' octets. Levels are carried only as a pair, both or neither.
    var encoded: [UInt8] {
        let levels = quality.receivedLevel.flatMap { received in quality.firstPathLevel.map { [received, $0] } }
        var flags: UInt8 = (azimuth == nil ? 0 : 1) | (elevation == nil ? 0 : 2) | (isNonLineOfSight == nil ? 0 : 4)
        flags |= (isNonLineOfSight == true ? 8 : 0) | (distance == nil ? 16 : 0) | (quality.figureOfMerit == nil ? 0 : 32)
        flags |= (levels == nil ? 0 : 64) | (quality.failedChecks == nil ? 0 : 128)
        let numbers = [distance?.metres, azimuth?.radians, elevation?.radians, quality.figureOfMerit].compactMap { $0 }
            + (levels ?? []).map(\.dBm)
        return [flags] + EmulatorWire.little(EmulatorWire.encode(at)) + numbers.flatMap { EmulatorWire.little($0.bitPattern) }
            + (quality.failedChecks.map { [$0.rawValue] } ?? [])
    }

    /// The fields with the given values.
    init(
        distance: Distance?, azimuth: Angle?, elevation: Angle?, isNonLineOfSight: Bool?, quality: MeasurementQuality,
        at: SimulationTime
    ) {
        self.distance = distance
        self.azimuth = azimuth
        self.elevation = elevation
        self.isNonLineOfSight = isNonLineOfSight
        self.quality = quality
        self.at = at
    }

    /// Reads the fields ``encoded`` wrote.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` for a field cut short, NLOS without its
    ///   judgement, a time of "never" or beyond the largest, a number that is not finite, a figure of
    ///   merit outside 0…1, or a failed check ``RangingQualityFlags`` does not define.
    init(from reader: inout WireReader) throws(EmulatorServiceError) {
        let flags = try reader.octet("measurement flags")
        guard flags & 0b1100 != 0b1000 else { throw .malformed("a measurement flagged NLOS but not judged (bit 3 without bit 2)") }
        guard let at = try EmulatorWire.decodeTime(try reader.uint64("measurement time"), "measurement time") else {
            throw .malformed("a measurement without a time")
        }
        self.at = at
        distance = flags & 16 != 0 ? nil : Distance(metres: try reader.finite("measured distance"))
        azimuth = flags & 1 == 0 ? nil : Angle(radians: try reader.finite("azimuth"))
        elevation = flags & 2 == 0 ? nil : Angle(radians: try reader.finite("elevation"))
        isNonLineOfSight = flags & 4 == 0 ? nil : flags & 8 != 0
        quality = MeasurementQuality()
        if flags & 32 != 0 {
            let merit = try reader.finite("figure of merit")
            guard (0...1).contains(merit) else { throw .malformed("a figure of merit of \(merit) (0…1)") }
            quality.figureOfMerit = merit
        }
        if flags & 64 != 0 {
            quality.receivedLevel = PowerLevel(dBm: try reader.finite("received level"))
            quality.firstPathLevel = PowerLevel(dBm: try reader.finite("first-path level"))
        }
        if flags & 128 != 0 {
            let checks = try reader.octet("failed checks")
            guard checks & ~RangingQualityFlags.defined.rawValue == 0 else {
                throw .malformed("failed checks 0x\(String(checks, radix: 16)) (bits 0 to 2 only)")
            }
            quality.failedChecks = RangingQualityFlags(rawValue: checks)
        }
    }
}

extension MeasurementFields {
    /// The fields of what an app reported, its loop's time read as virtual time.
    init(_ report: ReportedMeasurement) {
        self.init(
            distance: report.distance, azimuth: report.azimuth, elevation: report.elevation,
            isNonLineOfSight: report.isNonLineOfSight, quality: report.quality, at: SimulationTime(notBefore: report.time))
    }

    /// The fields of a snapshot's measurement.
    init(_ measurement: SnapshotMeasurement) {
        self.init(
            distance: measurement.distance, azimuth: measurement.azimuth, elevation: measurement.elevation,
            isNonLineOfSight: measurement.isNonLineOfSight, quality: measurement.quality, at: measurement.at)
    }

    /// What an app reports with these fields of the device with short address `peer`.
    func reported(of peer: UInt16) -> ReportedMeasurement {
        ReportedMeasurement(
            peer: peer, distance: distance, azimuth: azimuth, elevation: elevation, isNonLineOfSight: isNonLineOfSight,
            quality: quality, time: at - .zero)
    }

    /// A snapshot's measurement with these fields, by the device at `index`.
    func measurement(by index: Int) -> SnapshotMeasurement {
        SnapshotMeasurement(
            by: index, distance: distance, azimuth: azimuth, elevation: elevation, isNonLineOfSight: isNonLineOfSight,
            quality: quality, at: at)
    }
}
