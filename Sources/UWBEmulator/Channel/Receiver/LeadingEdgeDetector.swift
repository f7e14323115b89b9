import DW1000Driver

/// The chip's leading-edge detection: which tap of an accumulator holds the first path, and where within it
/// (DW1000 UM §4.1.7 and §7.2.47; Decawave's method as its patent US 10,090,879 B2 claims it; the details
/// fitted to measured accumulators in `Docs/reference/measured-channels.md` §4.5 and §8).
///
/// It finds the peak, sets a threshold from the noise estimate and the peak (``threshold(noise:peak:accumulated:)``),
/// and searches forward from the first tap it is given (the noise before the earliest path) for the first tap
/// at or above the threshold, however far before the peak [D: on the measured accumulators the first tap over
/// the threshold scanning forward from tap 0 lies within ±1 tap of the measured first path in 99.8/99.5/95.3 %
/// of LOS/NLOS/no-direct-path frames (`Docs/reference/measured-channels.md` §4.4); the LDE takes the first path
/// to lie between the accumulator's quietest region and the peak (`Docs/reference/channel-and-receiver.md` §5);
/// a search only some taps back from the peak would take a late path stronger than the direct one for the
/// first]. The first path is then the steepest rise of the leading edge: of the rises between consecutive taps
/// around the crossing (``ReceiverCalibration/firstPathRises``), the largest, placed within its tap by the apex
/// of an isosceles triangle through it and its two neighbours [C: the patent's claims 1–3, a peak of a chosen
/// shape fitted to the differences of consecutive coefficients in a window about the first one over the
/// threshold; D: with the triangle, and the magnitudes as ``magnitude(real:imaginary:)`` approximates them,
/// the index lands on the chip's logged FP_INDEX to its 1/64 of a tap in 86 % of line-of-sight frames].
/// A pure function: the emulator's virtual chips, `uwb cir` and `uwb cir detect` (``AccumulatorDetection``)
/// run the same code.
public struct LeadingEdgeDetector: Hashable, Sendable {
    /// NTM, the noise threshold multiplier (LDE_CFG1 bits 4:0).
    public let noiseThresholdMultiplier: Int
    /// PMULT, the peak multiplier (LDE_CFG1 bits 7:5).
    public let peakMultiplier: Int

    /// A detector with the chip's LDE_CFG1 settings.
    public init(noiseThresholdMultiplier: Int, peakMultiplier: Int) {
        self.noiseThresholdMultiplier = noiseThresholdMultiplier
        self.peakMultiplier = peakMultiplier
    }

    /// A tap's magnitude as the chip's leading-edge detection takes it: the larger part plus a quarter of the
    /// smaller, max(|re|, |im|) + ¼·min(|re|, |im|) (between 0.88 and 1.03 of the true magnitude) [D: with it
    /// the first-path level formula on the taps after the logged FP_INDEX gives the logged FSL within 0.15 dB
    /// (SD), against 0.32 dB with the true magnitude, and the rule above lands on FP_INDEX to 1/64 of a tap in
    /// 86 % of line-of-sight frames, against 27 %; `Docs/reference/measured-channels.md` §8].
    public static func magnitude(real: Double, imaginary: Double) -> Double {
        let real = abs(real)
        let imaginary = abs(imaginary)
        return max(real, imaginary) + min(real, imaginary) / 4
    }

    /// The detector an LDE_CFG1 value sets (NTM in bits 4:0, PMULT in bits 7:5; DW1000 UM §7.2.47.1).
    public init(leadingEdgeConfiguration value: UInt64) {
        self.init(
            noiseThresholdMultiplier: Int(DW1000Register.LdeCfg1.ntm.value(in: value)),
            peakMultiplier: Int(DW1000Register.LdeCfg1.pmult.value(in: value)))
    }

    /// The detector of a chip the DW1000 driver configured (``DW1000Driver/DW1000/leadingEdgeConfiguration``).
    public static let driver = LeadingEdgeDetector(leadingEdgeConfiguration: DW1000.leadingEdgeConfiguration)

    /// The detector as a chip has it after reset (NTM 12, PMULT 3).
    public static let reset = LeadingEdgeDetector(
        noiseThresholdMultiplier: ReceiverCalibration.resetNoiseThresholdMultiplier,
        peakMultiplier: ReceiverCalibration.resetPeakMultiplier)

    /// The threshold for an accumulator whose noise standard deviation (per part of a tap) is estimated at
    /// `noise`, whose peak magnitude is `peak`, after `accumulated` symbols:
    /// max(NTM·k₁·σ, min(PMULT·k₂·σ·peak/N, c·peak)) (``ReceiverCalibration``).
    public func threshold(noise: Double, peak: Double, accumulated: Int) -> Double {
        let perSymbolPeak = peak / Double(max(1, accumulated))
        let peakTerm = min(
            Double(peakMultiplier) * ReceiverCalibration.peakThresholdPerMultiplier * perSymbolPeak * noise,
            ReceiverCalibration.peakThresholdCap * peak)
        return max(Double(noiseThresholdMultiplier) * ReceiverCalibration.noiseThresholdPerMultiplier * noise, peakTerm)
    }

    /// The first path in `magnitudes` (taps `first`, `first + 1`, …) after `accumulated` symbols, given the
    /// noise estimate, as the chip's FP_INDEX places it (``crossing(in:over:searchingTo:)``, then
    /// ``firstPath(in:crossing:)``); nil for an empty accumulator. (The virtual chips move it further, so that
    /// their timestamps are unbiased wherever a path falls between taps: ``EdgeFractionCorrection``.)
    public func detect<Magnitudes: RandomAccessCollection<Double>>(
        magnitudes: Magnitudes, first: Int, noise: Double, accumulated: Int
    ) -> LeadingEdge? where Magnitudes.Index == Int {
        guard let peakOffset = magnitudes.indices.max(by: { magnitudes[$0] < magnitudes[$1] }) else { return nil }
        let peak = magnitudes[peakOffset]
        let level = threshold(noise: noise, peak: peak, accumulated: accumulated)
        let crossing = Self.crossing(in: magnitudes, over: level, searchingTo: peakOffset)
        return LeadingEdge(
            index: Double(first) + Self.firstPath(in: magnitudes, crossing: crossing), crossing: first + crossing,
            peakIndex: first + peakOffset, peak: peak, threshold: level)
    }

    /// The first tap of `magnitudes` (indices from 0) at or above `level`, searched up to `last`, which is
    /// taken when none is.
    static func crossing<Magnitudes: RandomAccessCollection<Double>>(
        in magnitudes: Magnitudes, over level: Double, searchingTo last: Int
    ) -> Int where Magnitudes.Index == Int {
        for offset in 0...max(0, last) where magnitudes[offset] >= level {
            return offset
        }
        return last
    }

    /// Where the rule puts the first path in `magnitudes` (indices from 0) whose threshold's crossing is the
    /// tap `crossing`: the apex of the isosceles triangle through the steepest of the rises about it
    /// (``ReceiverCalibration/firstPathRises``) and its two neighbours, held within the steepest rise's tap.
    static func firstPath<Magnitudes: RandomAccessCollection<Double>>(
        in magnitudes: Magnitudes, crossing: Int
    ) -> Double where Magnitudes.Index == Int {
        // Rise k is from tap k to tap k + 1, centred half a tap after k; one outside the taps is flat.
        func rise(_ k: Int) -> Double {
            k >= 0 && k + 1 < magnitudes.count ? magnitudes[k + 1] - magnitudes[k] : 0
        }
        let into = crossing - 1
        let candidates = (into + ReceiverCalibration.firstPathRises.lowerBound)...(into + ReceiverCalibration.firstPathRises.upperBound)
        var steepest = candidates.lowerBound
        for k in candidates where rise(k) > rise(steepest) {
            steepest = k
        }
        let (before, top, after) = (rise(steepest - 1), rise(steepest), rise(steepest + 1))
        // The isosceles triangle's apex: its slopes are set by the steeper side.
        var shift = 0.0
        if after > before, top > before {
            shift = (after - before) / (2 * (top - before))
        } else if after <= before, top > after {
            shift = (after - before) / (2 * (top - after))
        }
        return max(0, Double(steepest) + 0.5 + min(0.5, max(-0.5, shift)))
    }
}

/// Where a leading-edge detection found the first path.
public struct LeadingEdge: Hashable, Sendable {
    /// The first path's tap, with its fraction (FP_INDEX / 64 on the DW1000).
    public let index: Double
    /// The first tap at or above the threshold, about which the steepest rise was looked for.
    public let crossing: Int
    /// The tap of the strongest magnitude.
    public let peakIndex: Int
    /// The strongest magnitude.
    public let peak: Double
    /// The threshold the first path crossed (LDE_THRESH on the DW1000).
    public let threshold: Double

    /// The magnitudes of the three taps after the one a first path at `index` falls in (floor(index) + 1,
    /// + 2, + 3: FP_AMPL1–3, DW1000 UM §7.2.22 and §7.2.39), 0 for a tap beyond `magnitudes`.
    public static func amplitudes<Magnitudes: RandomAccessCollection<Double>>(
        after index: Double, in magnitudes: Magnitudes
    ) -> (Double, Double, Double) where Magnitudes.Index == Int {
        let after = Int(index.rounded(.down))
        func magnitude(_ offset: Int) -> Double { magnitudes.indices.contains(offset) ? magnitudes[offset] : 0 }
        return (magnitude(after + 1), magnitude(after + 2), magnitude(after + 3))
    }
}
