import UWBCore

/// The propagation channel shared by every link of a scenario (JSON key `channel`).
public struct ScenarioChannel: Hashable, Sendable {
    /// The propagation model.
    public var model: ChannelModelKind
    /// The path-loss exponent to use instead of the model's own (2 in free space), or `nil`.
    public var pathLossExponent: Double?
    /// The standard deviation of log-normal shadowing to use instead of the model's own, or `nil`.
    public var shadowingDeviation: PowerRatio?
    /// The share of frames, 0...1, that every receiver loses on top of the receiver model (a fault
    /// injected for tests); 0 by default.
    public var frameLoss: Double

    /// A channel with the given model and optional overrides.
    public init(
        model: ChannelModelKind, pathLossExponent: Double? = nil, shadowingDeviation: PowerRatio? = nil, frameLoss: Double = 0
    ) {
        self.model = model
        self.pathLossExponent = pathLossExponent
        self.shadowingDeviation = shadowingDeviation
        self.frameLoss = frameLoss
    }

    /// The channel when a scenario has no `channel` key: free space with no overrides.
    public static let `default` = ScenarioChannel(model: .freeSpace)
}
