import UWBCore

/// What the receiver model makes of one received level: pure functions of the level and the data
/// rate, worked out once while they stay the same, with the frame success
/// probabilities of the last few frame lengths (a ranging exchange alternates between four).
struct ReceptionFigures {
    /// How many frame lengths keep their success probability.
    static let rememberedLengths = 4

    /// The level and data rate the figures are for.
    let level: Double
    let rate: DataRate
    /// The success probability of a 20-octet frame.
    let referenceSuccess: Double
    /// Whether the preamble can be detected.
    let detectable: Bool
    /// The carrier-phase standard deviation in radians.
    let phaseSigma: Double
    /// The success probabilities worked out so far, by frame length, oldest first.
    private var successes: [(length: Int, probability: Double)] = []

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
    /// last ``rememberedLengths`` lengths.
    mutating func success(frameLength: Int) -> Double {
        if let known = successes.first(where: { $0.length == frameLength }) {
            return known.probability
        }
        let probability = ReceiverModel.frameSuccessProbability(reference: referenceSuccess, frameLength: frameLength)
        if successes.count == Self.rememberedLengths {
            successes.removeFirst()
        }
        successes.append((frameLength, probability))
        return probability
    }
}
