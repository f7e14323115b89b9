import UWBCore

/// Where a tracker places a tag, and how fast it moves, after a fix.
public struct TrackedPosition: Hashable, Sendable {
    /// What the tracker did with the fix.
    public enum Outcome: Hashable, Sendable {
        /// The first fix, or the first after the tracker lost the tag: taken as it is, at rest.
        case started
        /// The fix agreed with the track and moved it.
        case updated
        /// The fix disagreed with the track beyond its 99.9 % gate and was left out: the position
        /// is the track's prediction.
        case gated
    }

    /// The tracked position, in the fix's space (in 2-D at the fix's height).
    public let position: Position
    /// The tracked velocity (zero along the height in 2-D).
    public let velocity: Velocity
    /// The covariance of the position's error in m², as ``PositionFix/covariance`` lays it out.
    public let covariance: [Double]
    /// What the tracker did with the fix.
    public let outcome: Outcome
}
