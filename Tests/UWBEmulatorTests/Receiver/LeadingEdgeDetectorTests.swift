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

    @Test("a clean pulse: the edge lies a fixed lead before it, wherever it falls between taps (within 0.07 taps)")
    func clean() throws {
        let lead = PreambleAccumulator.referenceLead
        // The 51 % point of a raised cosine (β = 1, T = 2.86 ns) is 0.5·T = 1.43 ns = 1.43 taps before its peak.
        #expect(abs(lead - -1.43) < 0.05, "lead \(lead)")
        for step in 0..<20 {
            let position = 25 + Double(step) / 20
            let edge = try #require(Self.detector.detect(
                magnitudes: Self.accumulator([(position, 10_000)]), first: 0, noise: 10_000.0 / 158, accumulated: 1))
            #expect(abs(edge.index - (position + lead)) < 0.07, "pulse at \(position): edge \(edge.index)")
            #expect(abs(Double(edge.peakIndex) - position) <= 0.5)
        }
    }

    @Test("noise 30 dB under the peak scatters the edge by under a tenth of a tap, without moving it")
    func noisy() throws {
        var errors: [Double] = []
        for seed in 1...200 {
            let position = 25.3
            let edge = try #require(Self.detector.detect(
                magnitudes: Self.accumulator([(position, 10_000)], noise: 10_000 * pow(10, -30.0 / 20), seed: UInt64(seed)),
                first: 0, noise: 10_000 * pow(10, -30.0 / 20), accumulated: 1))
            errors.append(edge.index - (position + PreambleAccumulator.referenceLead))
        }
        let mean = errors.reduce(0, +) / 200
        let deviation = (errors.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 199).squareRoot()
        #expect(abs(mean) < 0.07, "mean \(mean)")
        #expect(deviation < 0.1, "σ \(deviation)")
    }

    @Test("a weak first path above the threshold is found before a path 12 dB stronger 5 taps later; under the threshold it is missed and the edge comes late")
    func weakFirstPath() throws {
        let noise = 20.0
        let found = try #require(Self.detector.detect(
            magnitudes: Self.accumulator([(20, 2_500), (25, 10_000)], noise: noise), first: 0, noise: noise, accumulated: 1))
        #expect(abs(found.index - (20 + PreambleAccumulator.referenceLead)) < 0.2, "edge \(found.index)")
        #expect(found.peakIndex == 25)
        // The threshold: max(12·0.689·20, 3·0.085·20·10000) = 165 for a one-symbol accumulation; at 30 dB
        // under the late path (316) the first is over it; at 150 it is under.
        let missed = try #require(Self.detector.detect(
            magnitudes: Self.accumulator([(20, 150), (25, 10_000)], noise: 1), first: 0, noise: noise, accumulated: 1))
        #expect(abs(missed.index - (25 + PreambleAccumulator.referenceLead)) < 0.2, "edge \(missed.index)")
    }

    @Test("a weak first path merging into one 10 dB stronger 3 taps later: the edge is the weak path's, looking for the peak 2 taps on; following the rise puts it on the strong one")
    func mergingPaths() throws {
        let magnitudes = Self.accumulator([(20, 3_000), (23, 10_000)])
        // No dip between the two: the magnitude rises from the first path's pulse into the second's peak.
        #expect((17..<23).allSatisfy { magnitudes[$0] < magnitudes[$0 + 1] })
        // After 300 symbols the threshold is max(12·0.689·20, 3·0.085·20·9958/300) ≈ 169: the weak path's rise is over it.
        let chip = try #require(Self.detector.detect(magnitudes: magnitudes, first: 0, noise: 20, accumulated: 300))
        #expect(abs(chip.index - (20 + PreambleAccumulator.referenceLead)) < 0.2, "edge \(chip.index)")
        let following = LeadingEdgeDetector(noiseThresholdMultiplier: 12, peakMultiplier: 3, peakSearchTaps: .max)
        let late = try #require(following.detect(magnitudes: magnitudes, first: 0, noise: 20, accumulated: 300))
        #expect(late.index - chip.index > 2, "following the rise: \(late.index)")
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
