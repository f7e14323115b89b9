import UWBCore

/// The propagation model of a scenario: the environment (path loss, shadowing and multipath profile) on a
/// channel, the link budget and the receiver. The medium turns it into each pair's ``LinkChannel``; obstacles
/// and the chips' accumulators do the rest.
public struct ChannelModel: Hashable, Sendable {
    /// The environment.
    public let kind: ChannelModelKind
    /// The radio channel (centre frequency and bandwidth).
    public let channel: Channel
    /// Path loss and shadowing: the environment's defaults with any overrides applied.
    public let pathLoss: PathLossModel
    /// Transmit level and antenna gains.
    public let linkBudget: LinkBudget
    /// The receiver.
    public let receiver: ReceiverModel
    /// The share of frames, 0...1, that every receiver loses on top of the receiver model,
    /// independently of level and of each other: a fault injected for tests (0, the default,
    /// changes nothing).
    public let injectedFrameLoss: Double

    /// A model for `kind` on `channel`. Parameters left `nil` take the environment's defaults
    /// (``PathLossModel/init(kind:centreFrequency:)``); the scenario's `"pathLossExponent"` and `"shadowingDB"`
    /// map onto `pathLossExponent` and `shadowingDeviation`.
    ///
    /// `receiver` defaults to ``ReceiverModel/standard`` with the channel's bandwidth.
    ///
    /// - Throws: ``ChannelModelError`` if an override is not finite or negative, or the injected
    ///   frame loss is above 1.
    public init(
        kind: ChannelModelKind,
        channel: Channel,
        pathLossExponent: Double? = nil,
        referenceLoss: PowerRatio? = nil,
        shadowingDeviation: PowerRatio? = nil,
        linkBudget: LinkBudget = .standard,
        receiver: ReceiverModel? = nil,
        injectedFrameLoss: Double = 0
    ) throws(ChannelModelError) {
        let defaults = try PathLossModel(kind: kind, centreFrequency: channel.centreFrequency)
        self.kind = kind
        self.channel = channel
        self.pathLoss = try PathLossModel(
            exponent: pathLossExponent ?? defaults.exponent,
            referenceLoss: referenceLoss ?? defaults.referenceLoss,
            shadowingDeviation: shadowingDeviation ?? defaults.shadowingDeviation)
        self.linkBudget = linkBudget
        let loss = try ChannelModelError.nonNegative(injectedFrameLoss, "injectedFrameLoss")
        guard loss <= 1 else { throw .aboveOne(parameter: "injectedFrameLoss", value: loss) }
        self.injectedFrameLoss = loss
        if let receiver {
            self.receiver = receiver
        } else {
            self.receiver = try ReceiverModel(bandwidth: channel.bandwidth)
        }
    }
}
