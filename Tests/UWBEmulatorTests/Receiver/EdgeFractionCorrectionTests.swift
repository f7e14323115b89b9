import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// The virtual chips' first-path index made unbiased wherever a path falls between taps: on accumulations of a
/// single path at every place, the corrected index lies the reference lead from the path's arrival on average,
/// where the chip's rule alone strays by up to a sixth of a tap.
@Suite("The first-path index corrected for its place between taps")
struct EdgeFractionCorrectionTests {
    /// A DW1000 accumulation of a single path arriving `subTap` past a tap at `level`, its carrier at `phase`.
    static func accumulator(subTap: Double, level: Double, phase: Double, seed: UInt64) -> PreambleAccumulator {
        let response = ChannelResponse(delays: [0], real: [1], imaginary: [0], directDelay: 0, latePower: 0)
        return PreambleAccumulator(
            format: .dw1000(.sixtyFourMegahertz), response: response, level: PowerLevel(dBm: level), subTap: subTap,
            phase: phase, symbols: AccumulationRoom(preamble: 1000, delimiter: 18), noiseSeed: seed)
    }

    /// The mean over 8 noise draws of the rule's index and of the corrected one, each less the path's arrival
    /// plus the reference lead, for a path `subTap` past a tap.
    static func errors(subTap: Double, level: Double) -> (raw: Double, corrected: Double) {
        var raw = 0.0
        var corrected = 0.0
        for seed in 1...8 {
            let accumulator = Self.accumulator(subTap: subTap, level: level, phase: 0.3 * Double(seed), seed: UInt64(seed))
            let window = accumulator.window
            let taps = accumulator.taps(in: window)
            let magnitudes = zip(taps.real, taps.imaginary).map { LeadingEdgeDetector.magnitude(real: $0, imaginary: $1) }
            guard let edge = LeadingEdgeDetector.driver.detect(
                magnitudes: magnitudes, first: window.lowerBound, noise: accumulator.estimatedNoise, accumulated: accumulator.effective)
            else { continue }
            let truth = accumulator.straightLineIndex + PreambleAccumulator.referenceLead
            raw += (edge.index - truth) / 8
            corrected += (EdgeFractionCorrection.corrected(edge, in: accumulator) - truth) / 8
        }
        return (raw, corrected)
    }

    @Test("a strong line-of-sight path at every place between taps: within 0.02 taps of its lead on average; the rule alone strays by over 0.05 at some", arguments: [-70.0, -85.0])
    func everyPlace(level: Double) {
        var worstRaw = 0.0
        for step in 0..<32 {
            let (raw, corrected) = Self.errors(subTap: Double(step) / 32, level: level)
            #expect(abs(corrected) < 0.02, "at \(Double(step) / 32) past a tap: corrected \(corrected), raw \(raw)")
            worstRaw = max(worstRaw, abs(raw))
        }
        #expect(worstRaw > 0.05, "the rule alone strays by at most \(worstRaw)")
    }

    @Test("an edge on no path's pulse (noise over the threshold, a tap before any path) is left as found")
    func noPathLeftAlone() {
        let accumulator = Self.accumulator(subTap: 0.25, level: -70, phase: 0, seed: 1)
        let early = LeadingEdge(
            index: accumulator.straightLineIndex - 6, crossing: Int(accumulator.straightLineIndex) - 7, peakIndex: Int(accumulator.straightLineIndex), peak: 1, threshold: 1)
        #expect(EdgeFractionCorrection.corrected(early, in: accumulator) == early.index)
        // A threshold over the path's own peak: no path reaches it alone.
        let high = LeadingEdge(
            index: accumulator.straightLineIndex - 1.4, crossing: Int(accumulator.straightLineIndex) - 2, peakIndex: Int(accumulator.straightLineIndex), peak: 1, threshold: 1e12)
        #expect(EdgeFractionCorrection.corrected(high, in: accumulator) == high.index)
    }
}
