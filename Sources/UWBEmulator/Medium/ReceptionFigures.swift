import UWBCore

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
