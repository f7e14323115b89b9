/// A speed, stored in metres per second.
public struct Speed: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The speed in metres per second.
    public var metresPerSecond: Double

    /// A speed of `metresPerSecond` m/s.
    public init(metresPerSecond: Double) {
        self.metresPerSecond = metresPerSecond
    }

    /// Orders speeds from slow to fast.
    public static func < (lhs: Speed, rhs: Speed) -> Bool { lhs.metresPerSecond < rhs.metresPerSecond }

    /// The speed with its unit, for example `1.50 m/s`.
    public var description: String { "\(formatted(metresPerSecond, decimals: 2)) m/s" }
}
