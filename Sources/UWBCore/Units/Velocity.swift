/// A velocity: a direction and a speed, stored as a vector in metres per second.
public struct Velocity: Hashable, Sendable, CustomStringConvertible {
    /// The velocity in m/s along each axis.
    public var metresPerSecond: Vector3

    /// A velocity of `metresPerSecond` m/s along each axis.
    public init(metresPerSecond: Vector3) {
        self.metresPerSecond = metresPerSecond
    }

    /// Standing still.
    public static let zero = Velocity(metresPerSecond: .zero)

    /// How fast, whichever the direction.
    public var speed: Speed { Speed(metresPerSecond: metresPerSecond.length) }

    /// The velocity with its unit, for example `(1.000, 0.000, -0.500) m/s`.
    public var description: String { "\(metresPerSecond) m/s" }
}
