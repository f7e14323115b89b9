import UWBCore
import UWBEmulator

/// A fixed position, as REPORT POSITION and SNAPSHOT carry it (`Docs/emulator-service.md`): the
/// covariance's size (8: 2 over x and z, 3 over x, y and z), time (64), x, y, z (binary64 metres
/// each), then the covariance row by row (binary64 m², 4 or 9 values).
struct PositionFields: Hashable {
    var position: Position
    var covariance: [Double]
    var at: SimulationTime

    /// How far apart, relative to the larger, two mirrored covariance values may be: a solver's
    /// inverse is symmetric only to its rounding.
    static let asymmetryTolerance = 1e-9

    /// The fields' octets; a covariance of neither 4 nor 9 values is sent as its first four (a
    /// reader refuses one that is not a covariance).
    var encoded: [UInt8] {
        let size: UInt8 = covariance.count == 9 ? 3 : 2
        let values = Array(covariance.prefix(Int(size * size))) + [Double](repeating: 0, count: max(0, Int(size * size) - covariance.count))
        return [size] + EmulatorWire.little(EmulatorWire.encode(at))
            + ([position.metres.x, position.metres.y, position.metres.z] + values).flatMap { EmulatorWire.little($0.bitPattern) }
    }

    /// The fields with the given values.
    init(position: Position, covariance: [Double], at: SimulationTime) {
        self.position = position
        self.covariance = covariance
        self.at = at
    }

    /// Reads the fields ``encoded`` wrote.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` for a field cut short, a size other than 2
    ///   or 3, a time of "never", a number that is not finite, or a covariance with a negative
    ///   variance or that is not symmetric (to ``asymmetryTolerance``).
    init(from reader: inout WireReader) throws(EmulatorServiceError) {
        let size = Int(try reader.octet("covariance size"))
        guard size == 2 || size == 3 else { throw .malformed("a covariance of size \(size) (2 over x and z, or 3)") }
        guard let at = try EmulatorWire.decodeTime(try reader.uint64("fix time"), "fix time") else {
            throw .malformed("a fix without a time")
        }
        self.at = at
        var coordinates: [Double] = []
        for axis in ["x", "y", "z"] {
            coordinates.append(try reader.finite("fix's \(axis)"))
        }
        position = Position(metres: Vector3(x: coordinates[0], y: coordinates[1], z: coordinates[2]))
        var covariance: [Double] = []
        for index in 0..<(size * size) {
            covariance.append(try reader.finite("covariance value \(index + 1)"))
        }
        for row in 0..<size {
            guard covariance[row * size + row] >= 0 else {
                throw .malformed("a covariance with a negative variance (\(covariance[row * size + row]) m²)")
            }
            for column in 0..<row {
                let below = covariance[row * size + column], above = covariance[column * size + row]
                guard abs(below - above) <= Self.asymmetryTolerance * max(abs(below), abs(above)) else {
                    throw .malformed("a covariance that is not symmetric (row \(row + 1), column \(column + 1))")
                }
            }
        }
        self.covariance = covariance
    }
}

extension PositionFields {
    /// The fields of what an app reported, its loop's time read as virtual time.
    init(_ report: ReportedPosition) {
        self.init(position: report.position, covariance: report.covariance, at: SimulationTime(notBefore: report.time))
    }

    /// What an app reports with these fields.
    var reported: ReportedPosition {
        ReportedPosition(position: position, covariance: covariance, time: at - .zero)
    }
}
