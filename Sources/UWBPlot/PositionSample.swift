import UWBCore

/// One position a tag fixed at a moment, with its track and the truth, read from a line of
/// `uwb locate --format jsonl` output (`Docs/positioning.md`).
public struct PositionSample: Hashable, Sendable {
    /// When, in seconds since the start of the run.
    public var seconds: Double
    /// The tag's name.
    public var device: String
    /// The fix, or `nil` when the tag made none.
    public var position: Vector3?
    /// The tracked position after the fix, or `nil` without one.
    public var tracked: Vector3?
    /// Where the tag truly was.
    public var truth: Vector3

    /// A sample with the given values.
    public init(seconds: Double, device: String, position: Vector3?, tracked: Vector3?, truth: Vector3) {
        self.seconds = seconds
        self.device = device
        self.position = position
        self.tracked = tracked
        self.truth = truth
    }
}
