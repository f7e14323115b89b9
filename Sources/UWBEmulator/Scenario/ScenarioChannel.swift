import UWBCore

/// The propagation channel shared by every link of a scenario (JSON key `channel`).
public struct ScenarioChannel: Hashable, Sendable {
    /// The propagation model.
    public var model: ChannelModelKind
    /// The path-loss exponent to use instead of the model's own (2 in free space), or `nil`.
    public var pathLossExponent: Double?
    /// The standard deviation of log-normal shadowing to use instead of the model's own, or `nil`.
    public var shadowingDeviation: PowerRatio?

    /// A channel with the given model and optional overrides.
    public init(model: ChannelModelKind, pathLossExponent: Double? = nil, shadowingDeviation: PowerRatio? = nil) {
        self.model = model
        self.pathLossExponent = pathLossExponent
        self.shadowingDeviation = shadowingDeviation
    }

    /// The channel when a scenario has no `channel` key: free space with no overrides.
    public static let `default` = ScenarioChannel(model: .freeSpace)
}
