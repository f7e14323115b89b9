/// An absolute power level, stored in dBm (decibels relative to one milliwatt).
public struct PowerLevel: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The level in dBm.
    public var dBm: Double

    /// A level of `dBm` dBm.
    public init(dBm: Double) {
        self.dBm = dBm
    }

    /// The level in milliwatts.
    public var milliwatts: Double { pow10(dBm / 10) }

    /// Orders levels from weakest to strongest.
    public static func < (lhs: PowerLevel, rhs: PowerLevel) -> Bool { lhs.dBm < rhs.dBm }

    /// A level raised or lowered by a gain.
    public static func + (lhs: PowerLevel, rhs: PowerRatio) -> PowerLevel { PowerLevel(dBm: lhs.dBm + rhs.decibels) }

    /// A level lowered by a loss.
    public static func - (lhs: PowerLevel, rhs: PowerRatio) -> PowerLevel { PowerLevel(dBm: lhs.dBm - rhs.decibels) }

    /// How much stronger `lhs` is than `rhs`.
    public static func - (lhs: PowerLevel, rhs: PowerLevel) -> PowerRatio { PowerRatio(decibels: lhs.dBm - rhs.dBm) }

    /// The level with its unit, for example `-80.0 dBm`.
    public var description: String { "\(formatted(dBm, decimals: 1)) dBm" }
}
