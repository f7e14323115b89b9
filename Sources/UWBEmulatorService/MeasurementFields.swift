import UWBCore
import UWBEmulator

/// What a measurement says, as REPORT and SNAPSHOT carry it (`Docs/emulator-service.md`): flags
/// (8: bit 0 an azimuth, bit 1 an elevation, bit 2 NLOS judged, bit 3 NLOS), time (64), distance
/// (binary64 metres), then the azimuth and the elevation (binary64 radians each) if their bits
/// are set.
struct MeasurementFields: Hashable {
    var distance: Distance
    var azimuth: Angle?
    var elevation: Angle?
    var isNonLineOfSight: Bool?
    var at: SimulationTime

    /// The flag bits in use; any other set is refused.
    private static let knownFlags: UInt8 = 0b1111

    /// The fields' octets.
    var encoded: [UInt8] {
        let flags = (azimuth == nil ? 0 : 1) | (elevation == nil ? 0 : 2) | (isNonLineOfSight == nil ? 0 : 4)
            | (isNonLineOfSight == true ? 8 : 0) as UInt8
        return [flags] + EmulatorWire.little(EmulatorWire.encode(at)) + EmulatorWire.little(distance.metres.bitPattern)
            + [azimuth, elevation].compactMap { $0 }.flatMap { EmulatorWire.little($0.radians.bitPattern) }
    }

    /// The fields with the given values.
    init(distance: Distance, azimuth: Angle?, elevation: Angle?, isNonLineOfSight: Bool?, at: SimulationTime) {
        self.distance = distance
        self.azimuth = azimuth
        self.elevation = elevation
        self.isNonLineOfSight = isNonLineOfSight
        self.at = at
    }

    /// Reads the fields ``encoded`` wrote.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` for a field cut short, an unknown flag,
    ///   a time of "never" or beyond the largest, or a distance or angle that is not a number.
    init(from reader: inout WireReader) throws(EmulatorServiceError) {
        let flags = try reader.octet("measurement flags")
        guard flags & ~Self.knownFlags == 0 else {
            throw .malformed("measurement flags 0x\(String(flags, radix: 16)) (bits 0 to 3 only)")
        }
        guard flags & 0b1100 != 0b1000 else { throw .malformed("a measurement flagged NLOS but not judged (bit 3 without bit 2)") }
        guard let at = try EmulatorWire.decodeTime(try reader.uint64("measurement time"), "measurement time") else {
            throw .malformed("a measurement without a time")
        }
        self.at = at
        distance = Distance(metres: try Self.finite(&reader, "measured distance"))
        azimuth = flags & 1 == 0 ? nil : Angle(radians: try Self.finite(&reader, "azimuth"))
        elevation = flags & 2 == 0 ? nil : Angle(radians: try Self.finite(&reader, "elevation"))
        isNonLineOfSight = flags & 4 == 0 ? nil : flags & 8 != 0
    }

    /// A binary64 field that must be a finite number.
    private static func finite(_ reader: inout WireReader, _ field: String) throws(EmulatorServiceError) -> Double {
        let value = Double(bitPattern: try reader.uint64(field))
        guard value.isFinite else { throw .malformed("a \(field) of \(value), not a finite number") }
        return value
    }
}

extension MeasurementFields {
    /// The fields of what an app reported, its loop's time read as virtual time.
    init(_ report: ReportedMeasurement) {
        self.init(
            distance: report.distance, azimuth: report.azimuth, elevation: report.elevation,
            isNonLineOfSight: report.isNonLineOfSight, at: SimulationTime(notBefore: report.time))
    }

    /// The fields of a snapshot's measurement.
    init(_ measurement: SnapshotMeasurement) {
        self.init(
            distance: measurement.distance, azimuth: measurement.azimuth, elevation: measurement.elevation,
            isNonLineOfSight: measurement.isNonLineOfSight, at: measurement.at)
    }

    /// What an app reports with these fields of the device with short address `peer`.
    func reported(of peer: UInt16) -> ReportedMeasurement {
        ReportedMeasurement(
            peer: peer, distance: distance, azimuth: azimuth, elevation: elevation, isNonLineOfSight: isNonLineOfSight,
            time: at - .zero)
    }

    /// A snapshot's measurement with these fields, by the device at `index`.
    func measurement(by index: Int) -> SnapshotMeasurement {
        SnapshotMeasurement(
            by: index, distance: distance, azimuth: azimuth, elevation: elevation, isNonLineOfSight: isNonLineOfSight, at: at)
    }
}
