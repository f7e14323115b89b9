import Foundation

/// How far the chip's leading-edge rule places a clean path from its arrival, and the correction that keeps
/// the virtual chips' first-path index the same lead from every path's arrival, wherever it falls between taps.
///
/// The rule (``LeadingEdgeDetector``) places the first path by a triangle through rises sampled a tap apart,
/// so on a clean pulse it lands some hundredths of a tap off a fixed lead, by an amount that depends on the
/// path's place between the taps and, where the threshold sits low on the pulse, on the threshold too (the
/// triangle is then held within its tap over a stretch of places, where the index stands still): a static
/// link with equal clocks would keep that error on every frame. The real chip's index follows the same rule on
/// its own accumulator (`Docs/reference/measured-channels.md` §8), but how its pulse sits about the true
/// arrival is not known and the emulated pulse is not the real one [D: the emulated chip is taken to be
/// unbiased at every place]. So a virtual chip's index is the rule's less the rule's own error on the clean
/// pulse of the path it found, which the emulator knows; what scatters it is then the accumulator's noise, the
/// other paths and ``ReceiverCalibration/fractionJitter``.
enum EdgeFractionCorrection {
    /// The lead a clean path's index keeps from its arrival, in taps (``PreambleAccumulator/referenceLead``):
    /// the rule's mean over ``places`` places between two taps, the threshold at ``referenceShare`` of the
    /// pulse's peak.
    static let meanLead: Double = {
        let leads = (0..<places).map { place in
            let position = 20 + Double(place) / Double(places)
            return withCleanPulse(position: position, peak: 1) { base, magnitudes in
                let top = magnitudes.indices.max { magnitudes[$0] < magnitudes[$1] } ?? 0
                let crossing = LeadingEdgeDetector.crossing(in: magnitudes, over: referenceShare, searchingTo: top)
                return Double(base) + LeadingEdgeDetector.firstPath(in: magnitudes, crossing: crossing) - position
            }
        }
        return leads.reduce(0, +) / Double(leads.count)
    }()

    /// How many places between two taps ``meanLead`` is averaged over.
    static let places = 64

    /// The threshold, as a share of a clean pulse's peak, ``meanLead`` is worked out with: a fifth, high enough
    /// on the pulse that the rule's triangle is never held within its tap.
    static let referenceShare = 0.2

    /// How far from a path's arrival plus ``meanLead`` a found edge may lie and still be taken for that path's:
    /// half a tap, more than the rule's own error on a clean pulse (under a fifth of a tap).
    static let matchTaps = 0.5

    /// `edge`'s index, found in `accumulator`'s taps, less the rule's error on the clean pulse of the path it
    /// found, looked for from the same crossing of the threshold: the earliest path whose own pulse reaches
    /// the edge's threshold, if the edge lies within ``matchTaps`` of where that path's index belongs. Taken
    /// from the same crossing, the correction also takes off what the crossing's tap does to the index (where
    /// the threshold sits low on the pulse, noise that moves the crossing a tap moves the rises looked at);
    /// what is left is the noise's and the other paths' effect on the rises. An edge on no such path (noise
    /// over the threshold, or weak paths whose pulses add over it) is left as found.
    static func corrected(_ edge: LeadingEdge, in accumulator: borrowing PreambleAccumulator) -> Double {
        let (turnCos, turnSin) = (Foundation.cos(accumulator.phase), Foundation.sin(accumulator.phase))
        let response = accumulator.response
        for path in response.delays.indices {
            let position = accumulator.straightLineIndex + response.delays[path] / AccumulatorFormat.tapSpacing
            // The path's pulse peak as the detection's magnitude takes it.
            let peak = accumulator.amplitude * LeadingEdgeDetector.magnitude(
                real: response.real[path] * turnCos - response.imaginary[path] * turnSin,
                imaginary: response.real[path] * turnSin + response.imaginary[path] * turnCos)
            guard peak >= edge.threshold else { continue }
            guard abs(edge.index - (position + meanLead)) <= matchTaps else { return edge.index }
            // Where the rule puts the path's lone pulse from the same crossing, less its arrival.
            let lead = withCleanPulse(position: position, peak: peak) { base, magnitudes -> Double? in
                let crossing = edge.crossing - base
                guard magnitudes.indices.contains(crossing) else { return nil }
                return Double(base) + LeadingEdgeDetector.firstPath(in: magnitudes, crossing: crossing) - position
            }
            return lead.map { edge.index - ($0 - meanLead) } ?? edge.index
        }
        return edge.index
    }

    /// Runs `body` on the magnitudes of a lone clean pulse of peak `peak` arriving at tap `position` (with its
    /// fraction), over the taps it reaches from `base` on, held in a scratch buffer rather than an array: the
    /// virtual chips correct every frame they keep.
    private static func withCleanPulse<Result>(
        position: Double, peak: Double, _ body: (_ base: Int, _ magnitudes: UnsafeMutableBufferPointer<Double>) -> Result
    ) -> Result {
        let pulse = ReceiverPulse.shared
        let reach = Int(ReceiverPulse.support) + 1
        let base = Int(position.rounded(.down)) - reach
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * reach + 1) { magnitudes in
            for offset in magnitudes.indices {
                magnitudes.initializeElement(at: offset, to: peak * abs(pulse.value(atTaps: Double(base + offset) - position)))
            }
            return body(base, magnitudes)
        }
    }
}
