import UWBCore

/// One draw of the channel between a transmitter and a receiver, for one frame.
public struct LinkSample: Hashable, Sendable {
    /// The straight-line distance between the antennas.
    public var distance: Distance
    /// The mean path loss at that distance (no shadowing, no obstacles).
    public var meanPathLoss: PowerRatio
    /// The shadowing draw added to the mean loss (positive = weaker than the mean).
    public var shadowing: PowerRatio
    /// The summed attenuation of every obstacle the direct path crosses.
    public var obstacleLoss: PowerRatio
    /// Whether the direct path is obstructed: an obstacle crosses it, or the environment is non-line-of-sight
    /// (``ChannelModelKind/isNonLineOfSight``).
    public var lineOfSightBlocked: Bool
    /// How much further the first path drops because the direct path is blocked (zero on a clear link).
    public var firstPathExtraLoss: PowerRatio
    /// How late the first detectable path arrives after the direct-path light time (zero on a clear link).
    public var excessDelay: Duration
    /// The total received level (what the chip's RX power estimate measures).
    public var receivedLevel: PowerLevel
    /// The level of the first arriving path (what the chip's first-path power estimate measures).
    public var firstPathLevel: PowerLevel

    /// A sample with every field given.
    public init(
        distance: Distance, meanPathLoss: PowerRatio, shadowing: PowerRatio, obstacleLoss: PowerRatio,
        lineOfSightBlocked: Bool, firstPathExtraLoss: PowerRatio, excessDelay: Duration,
        receivedLevel: PowerLevel, firstPathLevel: PowerLevel
    ) {
        self.distance = distance
        self.meanPathLoss = meanPathLoss
        self.shadowing = shadowing
        self.obstacleLoss = obstacleLoss
        self.lineOfSightBlocked = lineOfSightBlocked
        self.firstPathExtraLoss = firstPathExtraLoss
        self.excessDelay = excessDelay
        self.receivedLevel = receivedLevel
        self.firstPathLevel = firstPathLevel
    }

    /// Mean path loss + shadowing + obstacle loss: subtract it from a transmit level (plus antenna gains) to get
    /// ``receivedLevel`` for another transmitter power.
    public var totalLoss: PowerRatio {
        PowerRatio(decibels: meanPathLoss.decibels + shadowing.decibels + obstacleLoss.decibels)
    }

    /// The same draw on another channel whose mean path loss is `extraLoss` higher (the Friis
    /// frequency term, ``PathLossModel/frequencyTerm(from:to:)``): both levels drop by it.
    func withExtraPathLoss(_ extraLoss: PowerRatio) -> LinkSample {
        var shifted = self
        shifted.meanPathLoss = PowerRatio(decibels: meanPathLoss.decibels + extraLoss.decibels)
        shifted.receivedLevel = PowerLevel(dBm: receivedLevel.dBm - extraLoss.decibels)
        shifted.firstPathLevel = PowerLevel(dBm: firstPathLevel.dBm - extraLoss.decibels)
        return shifted
    }
}
