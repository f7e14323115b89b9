/// A frequency, stored in hertz.
public struct Frequency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The frequency in hertz.
    public var hertz: Double

    /// A frequency of `hertz` Hz.
    public init(hertz: Double) {
        self.hertz = hertz
    }

    /// A frequency given in megahertz.
    public static func megahertz(_ value: Double) -> Frequency { Frequency(hertz: value * 1_000_000) }

    /// The frequency in megahertz.
    public var megahertz: Double { hertz / 1_000_000 }

    /// The free-space wavelength of a carrier at this frequency.
    public var wavelength: Distance {
        Distance(metres: PhysicalConstants.speedOfLight.metresPerSecond / hertz)
    }

    /// Orders frequencies from low to high.
    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }

    /// The frequency in MHz with its unit, for example `6489.6 MHz`.
    public var description: String { "\(formatted(megahertz, decimals: 1)) MHz" }
}
