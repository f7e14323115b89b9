import DW1000Driver

/// The chip's leading-edge detection: which tap of an accumulator holds the first path, and where within it
/// (DW1000 UM §4.1.7 and §7.2.47; the rule fitted to measured accumulators in
/// `Docs/reference/measured-channels.md`).
///
/// It finds the peak, sets a threshold from the noise estimate and the peak (``threshold(noise:peak:accumulated:)``),
/// and searches forward from the first tap it is given (the noise before the earliest path) for the first tap
/// at or above the threshold, however far before the peak [D: on the measured accumulators the first tap over
/// the threshold scanning forward from tap 0 lies within ±1 tap of the measured first path in 99.8/99.5/95.3 %
/// of LOS/NLOS/no-direct-path frames (`Docs/reference/measured-channels.md` §4.4); the LDE takes the first path
/// to lie between the accumulator's quietest region and the peak (`Docs/reference/channel-and-receiver.md` §5);
/// a search only some taps back from the peak would take a late path stronger than the direct one for the
/// first]; the first path is where the magnitude rises through ``ReceiverCalibration/firstPathShareOfPeak``
/// of the first local peak from there (looked for at most ``peakSearchTaps`` taps on), by linear
/// interpolation between taps. A pure function: the emulator's virtual chips, `uwb cir` and `uwb cir detect`
/// (``AccumulatorDetection``) run the same code.
public struct LeadingEdgeDetector: Hashable, Sendable {
    /// NTM, the noise threshold multiplier (LDE_CFG1 bits 4:0).
    public let noiseThresholdMultiplier: Int
    /// PMULT, the peak multiplier (LDE_CFG1 bits 7:5).
    public let peakMultiplier: Int

    /// How many taps past the threshold's crossing the peak is looked for
    /// (``ReceiverCalibration/firstPeakSearchTaps`` on a chip).
    public let peakSearchTaps: Int

    /// A detector with the chip's LDE_CFG1 settings, looking for the peak `peakSearchTaps` taps on at most.
    public init(
        noiseThresholdMultiplier: Int, peakMultiplier: Int, peakSearchTaps: Int = ReceiverCalibration.firstPeakSearchTaps
    ) {
        self.noiseThresholdMultiplier = noiseThresholdMultiplier
        self.peakMultiplier = peakMultiplier
        self.peakSearchTaps = max(0, peakSearchTaps)
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
    /// noise estimate, its place between taps corrected as the chip's is (``EdgeFractionCorrection``); nil for
    /// an empty accumulator.
    public func detect<Magnitudes: RandomAccessCollection<Double>>(
        magnitudes: Magnitudes, first: Int, noise: Double, accumulated: Int
    ) -> LeadingEdge? where Magnitudes.Index == Int {
        guard let raw = crossing(magnitudes: magnitudes, noise: noise, accumulated: accumulated) else { return nil }
        return LeadingEdge(
            index: Double(first) + EdgeFractionCorrection.shared.corrected(raw.index), peakIndex: first + raw.peakIndex,
            peak: raw.peak, threshold: raw.threshold)
    }

    /// The rule's raw crossing in `magnitudes`, indices from 0: where the magnitude rises through the share of
    /// the first local peak, before any correction of its place between taps.
    func crossing<Magnitudes: RandomAccessCollection<Double>>(
        magnitudes: Magnitudes, noise: Double, accumulated: Int
    ) -> LeadingEdge? where Magnitudes.Index == Int {
        guard let peakOffset = magnitudes.indices.max(by: { magnitudes[$0] < magnitudes[$1] }) else { return nil }
        let peak = magnitudes[peakOffset]
        let level = threshold(noise: noise, peak: peak, accumulated: accumulated)
        var crossing = peakOffset
        for offset in 0...peakOffset where magnitudes[offset] >= level {
            crossing = offset
            break
        }
        // The first local peak from the crossing on, at most a few taps on, and where the magnitude rises
        // through a share of it.
        var top = crossing
        while top + 1 < magnitudes.count, top - crossing < peakSearchTaps, magnitudes[top + 1] >= magnitudes[top] {
            top += 1
        }
        let target = ReceiverCalibration.firstPathShareOfPeak * magnitudes[top]
        var rise = top
        while rise > 0, magnitudes[rise - 1] >= target {
            rise -= 1
        }
        var index = Double(rise)
        if rise > 0 {
            let below = magnitudes[rise - 1]
            let above = magnitudes[rise]
            if above > below {
                index = Double(rise - 1) + min(1, max(0, (target - below) / (above - below)))
            }
        }
        return LeadingEdge(index: index, peakIndex: peakOffset, peak: peak, threshold: level)
    }
}

/// Where a leading-edge detection found the first path.
public struct LeadingEdge: Hashable, Sendable {
    /// The first path's tap, with its fraction (FP_INDEX / 64 on the DW1000).
    public let index: Double
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
