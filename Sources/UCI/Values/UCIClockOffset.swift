import UWBCore

/// A clock frequency offset in UCI's fixed-point format: parts per million as a signed Q6.10
/// number (16 bits, two's complement, 10 fractional bits), so the resolution is 1/1024 ppm and the
/// range −32 ..< +32 ppm, wider than a ±20 ppm crystal's.
///
/// Source: Android's UWB service reads DL-TDoA's `anchor_cfo` and `cfo` fields as Q6.10
/// (`UwbDlTDoAMeasurement`, `toFloatFromQ6_10_Format`) and its ranging API gives them in ppm
/// (`android.ranging.DlTdoaMeasurement.getAnchorCfo`, `getCfo`).
public struct UCIClockOffset: Hashable, Sendable, CustomStringConvertible {
    /// The fixed-point field as sent.
    public var field: UInt16

    /// The number of fractional bits.
    public static let fractionalBits = 10
    /// The resolution in parts per million.
    public static let resolution = 1.0 / Double(1 << fractionalBits)

    /// An offset from its field.
    public init(field: UInt16) {
        self.field = field
    }

    /// The nearest representable offset to `offset`, clamped to the format's range.
    public init(_ offset: ClockOffset) {
        let scaled = (offset.partsPerMillion / Self.resolution).rounded()
        let clamped = min(max(scaled, Double(Int16.min)), Double(Int16.max))
        field = UInt16(bitPattern: Int16(clamped.isNaN ? 0 : clamped))
    }

    /// The offset.
    public var offset: ClockOffset { ClockOffset(partsPerMillion: Double(Int16(bitPattern: field)) * Self.resolution) }

    /// e.g. `1.5 ppm`.
    public var description: String { "\(offset.partsPerMillion) ppm" }
}
