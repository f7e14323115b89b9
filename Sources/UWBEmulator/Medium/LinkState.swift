import UWBCore

/// What the medium holds per ordered pair of devices: the link's random stream and its
/// shadowing, drawn once from that stream when the link carries its first frame, and what the
/// medium worked out for its last frame that the next frame may reuse.
struct LinkState {
    /// The link's random stream, as far as it has been drawn.
    var random: SeededRandom
    /// The link's shadowing.
    let shadowing: PowerRatio
    /// The channel draw of the link's last frame, kept while both devices stand still.
    var still: StillLink?
    /// The receiver figures of the link's last frame, for the next frame at the same level.
    var figures: ReceptionFigures?
}

/// The deterministic part of a link between two devices that never move: with both antennas
/// fixed, the distance, mean path loss, obstacles and body shadowing, and so the levels, are
/// the same for every frame; only the excess-delay draw changes (and it is still drawn).
struct StillLink {
    /// The sending chip the draw was for.
    let senderChip: Int
    /// The transmit level the draw was for.
    let transmitLevel: Double
    /// The channel draw, body shadowing applied; its excess delay is replaced for each frame.
    let link: LinkSample
    /// The flight time to the receiver's first chip, in seconds and in whole picoseconds.
    let flight: Double
    let flightPicoseconds: Int64
}

/// What the receiver model makes of one received level: pure functions of the level, the data
/// rate, the frame length and the PRF, worked out once while they stay the same.
struct ReceptionFigures {
    /// The level, data rate, frame length and PRF the figures are for.
    let level: Double
    let rate: DataRate
    let frameLength: Int
    let prf: PulseRepetitionFrequency?
    /// The frame success probability.
    let success: Double
    /// Whether the preamble can be detected.
    let detectable: Bool
    /// The timestamp standard deviation in seconds, as the medium draws with it.
    let timingSigmaSeconds: Double
    /// The range bias as a time, in seconds.
    let biasSeconds: Double
    /// The carrier-phase standard deviation in radians.
    let phaseSigma: Double

    /// Whether these figures are for a frame at `level`, `rate`, `frameLength` and `prf`.
    func matches(level: Double, rate: DataRate, frameLength: Int, prf: PulseRepetitionFrequency?) -> Bool {
        self.level == level && self.rate == rate && self.frameLength == frameLength && self.prf == prf
    }
}
