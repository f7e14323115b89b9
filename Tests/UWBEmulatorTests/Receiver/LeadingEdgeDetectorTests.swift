import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// The leading-edge detection on synthetic accumulators whose first path is known: a clean pulse, a noisy
/// one, a strong late path behind a weak first one, a first path under the threshold, and noise over it.
@Suite("Leading-edge detection on synthetic accumulators")
struct LeadingEdgeDetectorTests {
    /// The magnitudes of a sum of pulses (position in taps, amplitude) over 60 taps, with complex Gaussian
    /// noise of `noise` per part drawn from `seed`.
    static func accumulator(_ paths: [(Double, Double)], noise: Double = 0, seed: UInt64 = 1) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<60).map { tap in
            var real = 0.0
            for (position, amplitude) in paths {
                real += amplitude * ReceiverPulse.shape((Double(tap) - position) * AccumulatorFormat.tapSpacing)
            }
            let noiseReal = random.normal(mean: 0, standardDeviation: noise)
            let noiseImaginary = random.normal(mean: 0, standardDeviation: noise)
            return ((real + noiseReal) * (real + noiseReal) + noiseImaginary * noiseImaginary).squareRoot()
        }
    }

    static let detector = LeadingEdgeDetector.reset

    /// The first path the detector finds in `magnitudes` (taps from 0).
    static func firstPath(_ magnitudes: [Double], noise: Double, accumulated: Int) throws -> LeadingEdge {
        try #require(detector.detect(magnitudes: magnitudes, first: 0, noise: noise, accumulated: accumulated))
    }

    /// Symbols accumulated for a threshold low on the pulse (5 % of its peak, the noise term's) and high on it
    /// (23 %, the peak term's cap after a single symbol).
    static let accumulations = [1_000, 1]

    @Test("a clean pulse: the edge lies within 0.2 taps before its steepest rise wherever it falls between taps, and moves on as the pulse does", arguments: accumulations)
    func clean(accumulated: Int) throws {
        // The steepest rise of a raised cosine (β = 1, T = 2.86 ns) lies 1.345 taps before its peak (where its
        // derivative peaks, at 54 % of its height); a triangle through rises sampled a tap apart lands up to
        // a sixth of a tap earlier, by the pulse's place between taps, and where the threshold sits low the
        // triangle is held within its tap over a stretch of places.
        var last = -Double.infinity
        for step in 0..<40 {
            let position = 25 + Double(step) / 40
            let edge = try Self.firstPath(Self.accumulator([(position, 10_000)]), noise: 10_000.0 / 158, accumulated: accumulated)
            let lead = edge.index - position
            #expect(lead <= -1.345 && lead > -1.345 - 0.2, "pulse at \(position): edge \(edge.index)")
            #expect(edge.index >= last, "pulse at \(position): edge \(edge.index) before \(last)")
            #expect(abs(Double(edge.peakIndex) - position) <= 0.5)
            last = edge.index
        }
        // The lead the virtual chips keep is the mean of the rule's with the threshold high on the pulse.
        #expect(PreambleAccumulator.referenceLead < -1.345 && PreambleAccumulator.referenceLead > -1.345 - 0.2)
    }

    /// The edge's mean error against a clean pulse's, and its standard deviation, over 200 noisy accumulations
    /// of a pulse at tap 25.3, the noise `decibels` under its peak.
    static func scatter(decibels: Double) throws -> (mean: Double, deviation: Double) {
        var errors: [Double] = []
        let noise = 10_000 * pow(10, -decibels / 20)
        let position = 25.3
        let clean = try Self.firstPath(Self.accumulator([(position, 10_000)]), noise: noise, accumulated: 1_000)
        for seed in 1...200 {
            let edge = try Self.firstPath(
                Self.accumulator([(position, 10_000)], noise: noise, seed: UInt64(seed)), noise: noise, accumulated: 1_000)
            errors.append(edge.index - clean.index)
        }
        let mean = errors.reduce(0, +) / 200
        return (mean, (errors.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 199).squareRoot())
    }

    @Test("noise scatters the edge in proportion to it (√10 less at 40 dB under the peak than at 30 dB) without moving it")
    func noisy() throws {
        let near = try Self.scatter(decibels: 30)
        let far = try Self.scatter(decibels: 40)
        #expect(abs(near.mean) < 0.07 && abs(far.mean) < 0.02, "means \(near.mean), \(far.mean)")
        let ratio = near.deviation / far.deviation
        #expect(ratio > 10.0.squareRoot() * 0.75 && ratio < 10.0.squareRoot() / 0.75, "σ \(near.deviation), \(far.deviation)")
    }

    @Test("a weak first path above the threshold is found before a path 12 dB stronger 5 taps later; under the threshold it is missed and the edge comes late")
    func weakFirstPath() throws {
        let noise = 20.0
        let found = try Self.firstPath(Self.accumulator([(20, 2_500), (25, 10_000)], noise: noise), noise: noise, accumulated: 1)
        #expect(abs(found.index - (20 + PreambleAccumulator.referenceLead)) < 0.2, "edge \(found.index)")
        #expect(found.peakIndex == 25)
        // The threshold: max(12·0.689·20, 3·0.085·20·10000) = 165 for a one-symbol accumulation; at 30 dB
        // under the late path (316) the first is over it; at 150 it is under.
        let missed = try Self.firstPath(Self.accumulator([(20, 150), (25, 10_000)], noise: 1), noise: noise, accumulated: 1)
        #expect(abs(missed.index - (25 + PreambleAccumulator.referenceLead)) < 0.2, "edge \(missed.index)")
    }

    @Test("a weak first path merging into one 10 dB stronger 3 taps later: the edge is the weak path's, though the edge's steepest rise is the strong one's")
    func mergingPaths() throws {
        let magnitudes = Self.accumulator([(20, 3_000), (23, 10_000)])
        // No dip between the two: the magnitude rises from the first path's pulse into the second's peak, and
        // rises most steeply into the second.
        #expect((17..<23).allSatisfy { magnitudes[$0] < magnitudes[$0 + 1] })
        let rises: [Double] = (17..<23).map { magnitudes[$0 + 1] - magnitudes[$0] }
        let steepest = 17 + (rises.indices.max { rises[$0] < rises[$1] } ?? 0)
        #expect(steepest >= 21, "steepest rise from tap \(steepest)")
        // After 300 symbols the threshold is max(12·0.689·20, 3·0.085·20·9958/300) ≈ 169: the weak path's rise is
        // over it, and only the rises about that crossing are looked at.
        let chip = try Self.firstPath(magnitudes, noise: 20, accumulated: 300)
        #expect(abs(chip.index - (20 + PreambleAccumulator.referenceLead)) < 0.2, "edge \(chip.index)")
    }

    @Test("LDE_CFG1 sets NTM (bits 4:0) and PMULT (bits 7:5); the driver's 0x6D is NTM 13, PMULT 3")
    func configuration() {
        #expect(LeadingEdgeDetector(leadingEdgeConfiguration: 0x6D) == LeadingEdgeDetector(noiseThresholdMultiplier: 13, peakMultiplier: 3))
        #expect(LeadingEdgeDetector.driver == LeadingEdgeDetector(noiseThresholdMultiplier: 13, peakMultiplier: 3))
        #expect(LeadingEdgeDetector(leadingEdgeConfiguration: 0x6C) == .reset)
        #expect(LeadingEdgeDetector(leadingEdgeConfiguration: 0x07).peakMultiplier == 0)
    }

    @Test("noise over the threshold before the first path is taken for it: the edge comes early")
    func earlyOnNoise() throws {
        // The threshold: max(8.27·50, min(0.255·50·10 000, 0.23·10 000)) = 2300.
        var magnitudes = Self.accumulator([(30, 10_000)])
        magnitudes[14] = 3_000
        let edge = try #require(Self.detector.detect(magnitudes: magnitudes, first: 0, noise: 50, accumulated: 1))
        #expect(edge.index < 15 && edge.index > 13, "edge \(edge.index)")
    }

    @Test("the threshold follows LDE_CFG1: NTM times the noise, or PMULT times the per-symbol peak, whichever is higher")
    func threshold() {
        let detector = LeadingEdgeDetector(noiseThresholdMultiplier: 13, peakMultiplier: 3)
        // 13 × 8.96/13 = 8.96 noise deviations; the peak term 0.255·σ·peak/N.
        #expect(abs(detector.threshold(noise: 100, peak: 1_000, accumulated: 100) - 896) < 1e-9)
        #expect(abs(detector.threshold(noise: 100, peak: 16_384, accumulated: 282) - 0.255 * 100 * 16_384 / 282) < 1e-6)
        #expect(LeadingEdgeDetector(noiseThresholdMultiplier: 7, peakMultiplier: 0).threshold(noise: 100, peak: 1e9, accumulated: 1)
            < detector.threshold(noise: 100, peak: 1e9, accumulated: 1))
    }
}
