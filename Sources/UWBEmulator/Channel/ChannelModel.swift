import UWBCore

/// The propagation model of a scenario: path loss and shadowing of an environment on a channel, obstacles,
/// NLOS first-path effects, the link budget and the receiver.
///
/// ``sampleLink(from:to:obstacles:random:)`` is the per-frame, per-receiver entry point; it allocates nothing.
public struct ChannelModel: Hashable, Sendable {
    /// The environment.
    public let kind: ChannelModelKind
    /// The radio channel (centre frequency and bandwidth).
    public let channel: Channel
    /// Path loss and shadowing: the environment's defaults with any overrides applied.
    public let pathLoss: PathLossModel
    /// Transmit level and antenna gains.
    public let linkBudget: LinkBudget
    /// First-path loss and excess delay of blocked links.
    public let nlos: NLOSModel
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
        nlos: NLOSModel = .standard,
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
        self.nlos = nlos
        let loss = try ChannelModelError.nonNegative(injectedFrameLoss, "injectedFrameLoss")
        guard loss <= 1 else { throw .aboveOne(parameter: "injectedFrameLoss", value: loss) }
        self.injectedFrameLoss = loss
        if let receiver {
            self.receiver = receiver
        } else {
            self.receiver = try ReceiverModel(bandwidth: channel.bandwidth)
        }
    }

    /// One channel draw for a frame from `start` to `end`, with the model's transmit level.
    ///
    /// Always makes one normal (shadowing) and one exponential (excess-delay) draw from `random`, whether or
    /// not the link is blocked, so moving an obstacle does not shift the rest of the stream. Each call draws a
    /// fresh shadowing value; to hold shadowing per link, pass it with
    /// ``sampleLink(from:to:obstacles:transmitLevel:shadowing:random:)``.
    public func sampleLink(
        from start: Position, to end: Position, obstacles: [Obstacle], random: inout SeededRandom
    ) -> LinkSample {
        let shadowing = PowerRatio(decibels: random.normal(mean: 0, standardDeviation: pathLoss.shadowingDeviation.decibels))
        return sampleLink(from: start, to: end, obstacles: obstacles, transmitLevel: linkBudget.transmitLevel,
                          shadowing: shadowing, random: &random)
    }

    /// One channel draw for a frame from `start` to `end` sent at `transmitLevel` (for a device with its own
    /// `txPowerDBm`), with a shadowing value the caller holds per link (shadowing changes as devices move
    /// around obstacles, not from frame to frame). Makes one exponential (excess-delay) draw from `random`.
    public func sampleLink(
        from start: Position, to end: Position, obstacles: [Obstacle], transmitLevel: PowerLevel,
        shadowing: PowerRatio, random: inout SeededRandom
    ) -> LinkSample {
        let distance = start.distance(to: end)
        let meanLoss = pathLoss.meanLoss(at: distance).decibels
        let excessSeconds = random.exponential(mean: nlos.meanExcessSeconds)

        var obstacleLoss = 0.0
        var obstructed = false
        for index in obstacles.indices where obstacles[index].blocks(from: start, to: end) {
            obstacleLoss += obstacles[index].attenuation.decibels
            obstructed = true
        }
        let blocked = obstructed || kind.isNonLineOfSight

        let totalLoss = meanLoss + shadowing.decibels + obstacleLoss
        let received = transmitLevel.dBm + linkBudget.transmitAntennaGain.decibels
            + linkBudget.receiveAntennaGain.decibels - totalLoss
        let extraLoss = blocked ? nlos.firstPathExtraLoss.decibels : 0
        let firstPath = received - nlos.lineOfSightFirstPathGap.decibels - extraLoss
        return LinkSample(
            distance: distance,
            meanPathLoss: PowerRatio(decibels: meanLoss),
            shadowing: shadowing,
            obstacleLoss: PowerRatio(decibels: obstacleLoss),
            lineOfSightBlocked: blocked,
            firstPathExtraLoss: PowerRatio(decibels: extraLoss),
            excessDelay: blocked ? .seconds(excessSeconds) : .zero,
            receivedLevel: PowerLevel(dBm: received),
            firstPathLevel: PowerLevel(dBm: firstPath))
    }
}
