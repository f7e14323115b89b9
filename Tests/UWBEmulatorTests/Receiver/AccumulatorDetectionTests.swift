import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// ``AccumulatorDetection`` on whole synthetic accumulators whose noise and first path are known.
@Suite("Detection on a whole accumulator")
struct AccumulatorDetectionTests {
    /// 1016 taps: complex Gaussian noise of `noise` per part, and the receiver's pulse of `amplitude` at
    /// `position` (its carrier phase 0), rounded to whole numbers as a chip stores them.
    static func accumulator(position: Double, amplitude: Double, noise: Double, seed: UInt64 = 7) -> [ImpulseResponseSample] {
        var random = SeededRandom(seed: seed)
        return (0..<1016).map { tap in
            let pulse = amplitude * ReceiverPulse.shape((Double(tap) - position) * AccumulatorFormat.tapSpacing)
            return ImpulseResponseSample(
                real: Int32((pulse + random.normal(mean: 0, standardDeviation: noise)).rounded()),
                imaginary: Int32(random.normal(mean: 0, standardDeviation: noise).rounded()))
        }
    }

    @Test("noise estimated within 5 %, the first path a clean pulse's lead before it, the levels those of the pulse's energy")
    func cleanPulse() throws {
        let position = 745.4
        let amplitude = 16_000.0
        let symbols = 300
        let detection = try AccumulatorDetection(
            samples: Self.accumulator(position: position, amplitude: amplitude, noise: 100), firstIndex: 0, symbols: symbols,
            format: .dw1000(.sixtyFourMegahertz), detector: .driver)
        #expect(abs(detection.noise / 100 - 1) < 0.05, "σ \(detection.noise)")
        #expect(abs(detection.edge.index - (position + PreambleAccumulator.referenceLead)) < 0.1, "edge \(detection.edge.index)")
        #expect(detection.edge.peakIndex == 745)
        // A clean pulse's taps hold amplitude² · Σ p(k − x)² (about 2.2 with the raised cosine of T = 2.86 taps),
        // so RX = 10·log10(A²·Σp²/N²) − 121.74 dBm (UM §4.7.2, CIR_PWR × 2¹⁷ being the taps' energy).
        let energy = (0..<1016).reduce(0.0) { sum, tap in
            let value = ReceiverPulse.shape((Double(tap) - position) * AccumulatorFormat.tapSpacing)
            return sum + value * value
        }
        let expected = 10 * log10(amplitude * amplitude * energy / Double(symbols * symbols)) - 121.74
        #expect(abs(detection.receivedLevel.dBm - expected) < 0.1, "RX \(detection.receivedLevel.dBm) against \(expected)")
        // A pulse's first-path level: the three taps after floor(index), less than its whole energy.
        #expect(detection.firstPathLevel.dBm < detection.receivedLevel.dBm)
        #expect(detection.firstPathLevel.dBm > detection.receivedLevel.dBm - 3)
    }

    @Test("the samples may start past tap 0: the index counts in the accumulator")
    func offset() throws {
        let samples = Self.accumulator(position: 745.4, amplitude: 16_000, noise: 100)
        let whole = try AccumulatorDetection(samples: samples, firstIndex: 0, symbols: 300, format: .dw1000(.sixtyFourMegahertz), detector: .driver)
        let part = try AccumulatorDetection(
            samples: Array(samples[100...]), firstIndex: 100, symbols: 300, format: .dw1000(.sixtyFourMegahertz), detector: .driver)
        #expect(abs(part.edge.index - whole.edge.index) < 1e-9)
        #expect(part.edge.peakIndex == whole.edge.peakIndex)
    }

    @Test("no symbols, or too few taps before the strongest for the noise: refused, saying what to give")
    func refusals() {
        let samples = Self.accumulator(position: 745.4, amplitude: 16_000, noise: 100)
        #expect(throws: AccumulatorDetectionError.noSymbols(0)) {
            try AccumulatorDetection(samples: samples, firstIndex: 0, symbols: 0, format: .dw1000(.sixtyFourMegahertz), detector: .driver)
        }
        #expect(throws: AccumulatorDetectionError.tooFewNoiseTaps(available: 8, needed: 64)) {
            try AccumulatorDetection(
                samples: Array(samples[705..<760]), firstIndex: 705, symbols: 300, format: .dw1000(.sixtyFourMegahertz), detector: .driver)
        }
        #expect(throws: AccumulatorDetectionError.tooFewNoiseTaps(available: 0, needed: 64)) {
            try AccumulatorDetection(samples: [], firstIndex: 0, symbols: 300, format: .dw1000(.sixtyFourMegahertz), detector: .driver)
        }
        #expect(AccumulatorDetectionError.tooFewNoiseTaps(available: 8, needed: 64).description.contains("give the whole accumulator"))
    }
}
