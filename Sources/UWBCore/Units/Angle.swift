/// A plane angle, stored in radians.
public struct Angle: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Double

    /// An angle of `radians` radians.
    public init(radians: Double) {
        self.radians = radians
    }

    /// An angle given in degrees.
    public static func degrees(_ value: Double) -> Angle { Angle(radians: value * .pi / 180) }

    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }

    /// No rotation.
    public static let zero = Angle(radians: 0)

    /// The same direction expressed in (−π, π].
    public var wrapped: Angle {
        let turn = 2 * Double.pi
        var value = radians.truncatingRemainder(dividingBy: turn)
        if value <= -Double.pi { value += turn }
        if value > Double.pi { value -= turn }
        return Angle(radians: value)
    }

    /// Orders angles by value (no wrapping).
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    /// The sum of two angles (not wrapped).
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }

    /// The difference of two angles (not wrapped).
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }

    /// The opposite angle.
    public static prefix func - (value: Angle) -> Angle { Angle(radians: -value.radians) }

    /// The angle in degrees with its unit, for example `30.00°`.
    public var description: String { "\(formatted(degrees, decimals: 2))°" }
}
