import UWBCore

/// What a blocked direct path does to the first arriving path: it is weaker than the total received power and
/// arrives late.
///
/// Used for links an ``Obstacle`` crosses and for every link in a non-line-of-sight environment (CM2, CM4).
/// The excess delay is exponential, as `Docs/reference/uwb-physics.md` §3.5 suggests (a positive exponential
/// excess with a mean of 0.3–1 m, and RX − FP above 6–10 dB); it is always positive, so NLOS ranges read long.
public struct NLOSModel: Hashable, Sendable {
    /// First path below total received power on a line-of-sight link: 3 dB. [U] Chosen inside the DW1000
    /// User Manual §4.7 LOS region (RX − FP < 6 dB, `Docs/reference/uwb-physics.md` §3.3); not a measured value.
    public static let defaultLineOfSightFirstPathGap = PowerRatio(decibels: 3)

    /// Extra first-path loss on a blocked link: 10 dB, so that RX − FP = 3 + 10 = 13 dB lands in the
    /// UM §4.7 NLOS region (> 10 dB). [D] from `Docs/reference/uwb-physics.md` §3.3/§3.5; not measured.
    public static let defaultFirstPathExtraLoss = PowerRatio(decibels: 10)

    /// Mean excess delay of the first detected path on a blocked link: the light time of 0.5 m (1.668 ns).
    /// [D] Middle of the 0.3–1 m range suggested in `Docs/reference/uwb-physics.md` §3.5; not taken from the
    /// 802.15.4a tables.
    public static let defaultMeanExcessDistance = Distance(metres: 0.5)

    /// The default model, with the three defaults above.
    public static let standard = NLOSModel(
        lineOfSightFirstPathGap: defaultLineOfSightFirstPathGap,
        firstPathExtraLoss: defaultFirstPathExtraLoss,
        meanExcessSeconds: defaultMeanExcessDistance.metres / PhysicalConstants.speedOfLight.metresPerSecond)

    /// How far the first path lies below the total received level when the direct path is clear.
    public let lineOfSightFirstPathGap: PowerRatio
    /// How much further the first path drops when the direct path is blocked.
    public let firstPathExtraLoss: PowerRatio
    /// The mean of the exponential excess delay, in seconds (kept as a number for the per-frame path).
    let meanExcessSeconds: Double

    /// The mean excess delay of the first path on a blocked link.
    public var meanExcessDelay: Duration { .seconds(meanExcessSeconds) }

    /// A model with explicit values; the excess delay is given as the distance light travels in it.
    ///
    /// - Throws: ``ChannelModelError`` if a value is not finite or negative.
    public init(
        lineOfSightFirstPathGap: PowerRatio = NLOSModel.defaultLineOfSightFirstPathGap,
        firstPathExtraLoss: PowerRatio = NLOSModel.defaultFirstPathExtraLoss,
        meanExcessDistance: Distance = NLOSModel.defaultMeanExcessDistance
    ) throws(ChannelModelError) {
        self.init(
            lineOfSightFirstPathGap: PowerRatio(
                decibels: try ChannelModelError.nonNegative(lineOfSightFirstPathGap.decibels, "lineOfSightFirstPathGapDB")),
            firstPathExtraLoss: PowerRatio(
                decibels: try ChannelModelError.nonNegative(firstPathExtraLoss.decibels, "nlosFirstPathExtraLossDB")),
            meanExcessSeconds: try ChannelModelError.nonNegative(meanExcessDistance.metres, "nlosMeanExcessDistance")
                / PhysicalConstants.speedOfLight.metresPerSecond)
    }

    /// A model from checked values.
    private init(lineOfSightFirstPathGap: PowerRatio, firstPathExtraLoss: PowerRatio, meanExcessSeconds: Double) {
        self.lineOfSightFirstPathGap = lineOfSightFirstPathGap
        self.firstPathExtraLoss = firstPathExtraLoss
        self.meanExcessSeconds = meanExcessSeconds
    }
}
