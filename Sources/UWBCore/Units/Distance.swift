/// A length, stored in metres.
///
/// Negative values are allowed: a ranging error or a bias can point either way.
public struct Distance: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in metres.
    public var metres: Double

    /// A length of `metres` metres.
    public init(metres: Double) {
        self.metres = metres
    }

    /// A length given in centimetres.
    public static func centimetres(_ value: Double) -> Distance { Distance(metres: value / 100) }

    /// A length given in millimetres.
    public static func millimetres(_ value: Double) -> Distance { Distance(metres: value / 1000) }

    /// The length in centimetres.
    public var centimetres: Double { metres * 100 }

    /// No length.
    public static let zero = Distance(metres: 0)

    /// The time light takes to travel this distance in vacuum.
    public var lightTravelTime: Duration {
        .seconds(metres / PhysicalConstants.speedOfLight.metresPerSecond)
    }

    /// Orders distances by length.
    public static func < (lhs: Distance, rhs: Distance) -> Bool { lhs.metres < rhs.metres }

    /// The sum of two lengths.
    public static func + (lhs: Distance, rhs: Distance) -> Distance { Distance(metres: lhs.metres + rhs.metres) }

    /// The difference of two lengths.
    public static func - (lhs: Distance, rhs: Distance) -> Distance { Distance(metres: lhs.metres - rhs.metres) }

    /// A length scaled by a factor.
    public static func * (lhs: Distance, rhs: Double) -> Distance { Distance(metres: lhs.metres * rhs) }

    /// The opposite length.
    public static prefix func - (value: Distance) -> Distance { Distance(metres: -value.metres) }

    /// The length with its unit, for example `3.000 m`.
    public var description: String { "\(formatted(metres, decimals: 3)) m" }
}
