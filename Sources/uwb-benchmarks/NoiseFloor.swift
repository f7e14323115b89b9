import UWBCore
import UWBEmulator
import UWBRanging

/// The standard deviation of a raw DS-TWR distance that the emulator's receiver predicts on a clean link,
/// derived rather than measured.
///
/// On a strong, clean link each RX timestamp scatters by the chip's within-tap scatter, 0.074 taps
/// (``ReceiverCalibration/fractionJitter``, the measured DW1000's), above the accumulator's own noise, then is
/// rounded to a whole tick (4.69 mm, so 4.69 mm/√12 more); TX timestamps are exact (delayed
/// transmissions land on their stamp). DS-TWR, ToF = (Ra·Rb − Da·Db)/S with S = Ra + Rb + Da + Db, weighs
/// the three RX stamps by its partial derivatives: RESPONSE's RX (Rb + Db)/S, POLL's RX (Da + ToF)/S,
/// FINAL's RX (Ra − ToF)/S. The predicted σ is √(σ_t² + q²/12) · √(Σ w²), with Σ w² averaged over the
/// measured rounds; a weak link scatters more, its accumulator's noise moving the leading edge.
struct NoiseFloor {
    /// The light distance of one device tick, metres.
    static let tick = DeviceDuration(ticks: 1).lightTravelDistance.metres
    /// The quantisation noise of one RX timestamp, metres: a tick / √12.
    static let quantisation = tick / 12.0.squareRoot()

    /// The mean received level the channel model gives at the distance (no shadowing).
    let receivedLevel: PowerLevel
    /// σ_t of one RX timestamp, as a distance in metres.
    let timestampSigma: Double
    /// √(Σ w²), root-mean-square over the rounds.
    let weightFactor: Double

    /// The prediction for a link `distance` metres long in `channelModel`, with the weights of `rounds`.
    init(channelModel: ChannelModel, configuration: RadioConfig, distance: Double, rounds: [RoundTimestamps]) {
        let budget = channelModel.linkBudget
        receivedLevel = PowerLevel(dBm: budget.transmitLevel.dBm + budget.transmitAntennaGain.decibels
            + budget.receiveAntennaGain.decibels - channelModel.pathLoss.meanLoss(at: Distance(metres: distance)).decibels)
        timestampSigma = ReceiverCalibration.fractionJitter * AccumulatorFormat.tapSpacing
            * PhysicalConstants.speedOfLight.metresPerSecond
        let squares = rounds.map { round in
            let weights = TwoWayRanging.receiveTimestampWeights(round)
            return weights.response * weights.response + weights.poll * weights.poll + weights.final * weights.final
        }
        weightFactor = squares.isEmpty ? 0 : (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }

    /// The predicted standard deviation of the raw distance, metres.
    var distanceSigma: Double {
        (timestampSigma * timestampSigma + Self.quantisation * Self.quantisation).squareRoot() * weightFactor
    }
}
