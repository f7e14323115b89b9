/// An angle of arrival in UCI's fixed-point format: degrees as a signed Q9.7 number (16 bits,
/// two's complement, 7 fractional bits), so the resolution is 1/128° = 0.0078125° and the
/// range −256° ..< +256° (UCI uses −180° … +180° for azimuth, −90° … +90° for elevation).
///
/// Source: FiRa UCI Generic Specification, SESSION_INFO_NTF ("AoA Azimuth: … Q9.7 format").
public struct UCIAngle: Hashable, Sendable, CustomStringConvertible {
    /// The fixed-point field as sent (its bit pattern is the signed Q9.7 value).
    public var field: UInt16

    /// The number of fractional bits.
    public static let fractionalBits = 7
    /// The resolution in degrees.
    public static let resolution = 1.0 / Double(1 << fractionalBits)

    /// An angle from its field.
    public init(field: UInt16) {
        self.field = field
    }

    /// The nearest representable angle to `degrees`, clamped to the format's range.
    public init(degrees: Double) {
        let scaled = (degrees / Self.resolution).rounded()
        let clamped = min(max(scaled, Double(Int16.min)), Double(Int16.max))
        field = UInt16(bitPattern: Int16(clamped.isNaN ? 0 : clamped))
    }

    /// The angle in degrees.
    public var degrees: Double { Double(Int16(bitPattern: field)) * Self.resolution }

    /// e.g. `-12.5°`.
    public var description: String { "\(degrees)°" }
}
