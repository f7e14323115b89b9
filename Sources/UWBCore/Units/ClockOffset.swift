/// The fractional frequency error of one clock relative to another, stored in parts per million.
///
/// A positive offset means the clock runs fast: it counts `1 + ppm/10⁶` ticks for every tick of the reference.
public struct ClockOffset: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The offset in parts per million.
    public var partsPerMillion: Double

    /// An offset of `partsPerMillion` ppm.
    public init(partsPerMillion: Double) {
        self.partsPerMillion = partsPerMillion
    }

    /// The offset as a plain ratio (ppm / 10⁶).
    public var ratio: Double { partsPerMillion / 1_000_000 }

    /// No offset: the clocks agree.
    public static let zero = ClockOffset(partsPerMillion: 0)

    /// Orders offsets from slow to fast.
    public static func < (lhs: ClockOffset, rhs: ClockOffset) -> Bool { lhs.partsPerMillion < rhs.partsPerMillion }

    /// The offset with its unit, for example `+2.50 ppm`.
    public var description: String {
        "\(partsPerMillion >= 0 ? "+" : "")\(formatted(partsPerMillion, decimals: 2)) ppm"
    }
}
