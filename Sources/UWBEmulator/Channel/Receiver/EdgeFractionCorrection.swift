/// What the leading-edge rule's crossing puts a clean path at, by where the path falls between two taps, and
/// the correction that makes the chip's first-path index the same at every such place.
///
/// The rule (``LeadingEdgeDetector``) interpolates linearly between two taps, so on a clean pulse its
/// crossing lands some hundredths of a tap off the path, by an amount that depends on the path's place
/// between the taps: a static link with equal clocks would keep that error on every frame. The chip's own
/// fraction rule is not published: the 0.51 crossing predicts the measured FP_INDEX to a median 0.008 taps
/// over all frames (`Docs/reference/measured-channels.md` §4.5) but cannot tell how the chip's index errs
/// against the true arrival at each place [D: the emulated chip is taken to be unbiased at every place, its
/// crossing corrected by this table; what scatters it is ``ReceiverCalibration/fractionJitter`` and the
/// accumulator's noise].
struct EdgeFractionCorrection: Sendable {
    /// Per place between two taps (``places`` of them), how far the raw crossing falls from a clean path's
    /// arrival, in taps.
    private let leads: [Double]
    /// Their mean: the lead a clean path's detection has on average (``PreambleAccumulator/referenceLead``).
    let meanLead: Double

    /// How many places between two taps are tabulated.
    static let places = 64

    /// The table for the receiver pulse, worked out with the rule's raw crossing on a single clean path
    /// (noise 44 dB under its peak, a typical line-of-sight accumulator's).
    static let shared = EdgeFractionCorrection()

    private init() {
        let pulse = ReceiverPulse.shared
        leads = (0..<Self.places).map { place in
            let position = 20 + Double(place) / Double(Self.places)
            let magnitudes = (0..<40).map { abs(pulse.value(atTaps: Double($0) - position)) }
            let crossing = LeadingEdgeDetector.reset.crossing(magnitudes: magnitudes, noise: 1 / 158.0, accumulated: 1)
            return (crossing?.index ?? position) - position
        }
        meanLead = leads.reduce(0, +) / Double(leads.count)
    }

    /// The first path's index for a raw crossing at `raw` (taps): the raw crossing less how much more than
    /// the mean lead a clean path at its place would have, so that a clean path lands ``meanLead`` from its
    /// arrival wherever it falls between two taps.
    func corrected(_ raw: Double) -> Double {
        // The path's place between two taps, as the crossing shows it.
        let arrival = raw - meanLead
        let place = (arrival - arrival.rounded(.down)) * Double(Self.places)
        let lower = Int(place) % Self.places
        let upper = (lower + 1) % Self.places
        let fraction = place - Double(Int(place))
        let lead = leads[lower] + (leads[upper] - leads[lower]) * fraction
        return raw - (lead - meanLead)
    }
}
