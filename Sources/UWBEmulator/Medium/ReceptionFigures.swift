import UWBCore

/// What the receiver model makes of one received level: pure functions of the level and the data
/// rate, worked out once while they stay the same, with the frame success
/// probabilities of the last few frame lengths (a ranging exchange alternates between four).
struct ReceptionFigures {
    /// The level and data rate the figures are for.
    let level: Double
    let rate: DataRate
    /// The success probability of a 20-octet frame.
    let referenceSuccess: Double
    /// Whether the preamble can be detected.
    let detectable: Bool
    /// The carrier-phase standard deviation in radians.
    let phaseSigma: Double
    /// The frame lengths whose success probabilities are kept (−1 for none yet), held in the
    /// figures themselves rather than in an array's buffer elsewhere on the heap: every frame a
    /// link carries looks here.
    private var lengths = InlineArray<4, Int>(repeating: -1)
    /// The success probabilities of ``lengths``.
    private var probabilities = InlineArray<4, Double>(repeating: 0)
    /// Where the next length worked out goes: the oldest one's place.
    private var oldest = 0

    /// Figures for frames at `level` and `rate`.
    init(level: Double, rate: DataRate, referenceSuccess: Double, detectable: Bool, phaseSigma: Double) {
        self.level = level
        self.rate = rate
        self.referenceSuccess = referenceSuccess
        self.detectable = detectable
        self.phaseSigma = phaseSigma
    }

    /// Whether these figures are for a frame at `level` and `rate`.
    func matches(level: Double, rate: DataRate) -> Bool {
        self.level == level && self.rate == rate
    }

    /// The success probability of a frame of `frameLength` octets
    /// (``ReceiverModel/frameSuccessProbability(reference:frameLength:)``), remembered for the
    /// last four lengths.
    mutating func success(frameLength: Int) -> Double {
        for index in lengths.indices where lengths[index] == frameLength {
            return probabilities[index]
        }
        let probability = ReceiverModel.frameSuccessProbability(reference: referenceSuccess, frameLength: frameLength)
        lengths[oldest] = frameLength
        probabilities[oldest] = probability
        oldest = (oldest + 1) % lengths.count
        return probability
    }
}
