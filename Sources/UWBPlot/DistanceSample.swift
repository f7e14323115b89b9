import UWBCore

/// One distance a device measured to a peer at a moment, with the truth, read from a line of
/// `uwb range` or `uwb demo` output.
public struct DistanceSample: Hashable, Sendable {
    /// When, in seconds since the start of the run.
    public var seconds: Double
    /// The measuring device's name.
    public var device: String
    /// The measured peer's name.
    public var peer: String
    /// The measured (filtered) distance, or `nil` when the line has none.
    public var measured: Distance?
    /// The emulator's true distance, or `nil` when the line has none.
    public var truth: Distance?
    /// The unit vector to the peer in the device's frame, or `nil` when not measured.
    public var direction: Vector3?
    /// The azimuth to the peer, positive to the right, or `nil` when not measured.
    public var horizontalAngle: Angle?

    /// A sample with the given values.
    public init(
        seconds: Double, device: String, peer: String, measured: Distance?, truth: Distance?,
        direction: Vector3? = nil, horizontalAngle: Angle? = nil
    ) {
        self.seconds = seconds
        self.device = device
        self.peer = peer
        self.measured = measured
        self.truth = truth
        self.direction = direction
        self.horizontalAngle = horizontalAngle
    }

    /// `device → peer`, the name of the pair in legends.
    public var pairName: String { "\(device) → \(peer)" }

    /// Measured minus true distance, when both are known.
    public var error: Distance? {
        guard let measured, let truth else { return nil }
        return measured - truth
    }
}
