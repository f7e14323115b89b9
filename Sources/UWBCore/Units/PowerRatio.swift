/// A ratio of two powers (a gain, a loss or a signal-to-noise ratio), stored in decibels.
public struct PowerRatio: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The ratio in decibels.
    public var decibels: Double

    /// A ratio of `decibels` dB.
    public init(decibels: Double) {
        self.decibels = decibels
    }

    /// The ratio as a plain factor (10^(dB/10)).
    public var linear: Double { pow10(decibels / 10) }

    /// Orders ratios by size.
    public static func < (lhs: PowerRatio, rhs: PowerRatio) -> Bool { lhs.decibels < rhs.decibels }

    /// The product of two ratios.
    public static func + (lhs: PowerRatio, rhs: PowerRatio) -> PowerRatio { PowerRatio(decibels: lhs.decibels + rhs.decibels) }

    /// The quotient of two ratios.
    public static func - (lhs: PowerRatio, rhs: PowerRatio) -> PowerRatio { PowerRatio(decibels: lhs.decibels - rhs.decibels) }

    /// The ratio with its unit, for example `6.0 dB`.
    public var description: String { "\(formatted(decibels, decimals: 1)) dB" }
}
