/// An acceleration, stored in metres per second squared.
public struct Acceleration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The acceleration in m/s².
    public var metresPerSecondSquared: Double

    /// An acceleration of `metresPerSecondSquared` m/s².
    public init(metresPerSecondSquared: Double) {
        self.metresPerSecondSquared = metresPerSecondSquared
    }

    /// Orders accelerations from weak to strong.
    public static func < (lhs: Acceleration, rhs: Acceleration) -> Bool { lhs.metresPerSecondSquared < rhs.metresPerSecondSquared }

    /// The acceleration with its unit, for example `1.50 m/s²`.
    public var description: String { "\(formatted(metresPerSecondSquared, decimals: 2)) m/s²" }
}
