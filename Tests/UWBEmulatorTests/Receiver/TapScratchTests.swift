import Testing
import UWBCore
@testable import UWBEmulator

/// The scratch buffers a reading reads its taps in, on the stack and (past ``TapScratch/stackTaps``) in one
/// array, and the reading made in them against the same detection run on the taps as arrays.
@Suite("Tap scratch buffers")
struct TapScratchTests {
    @Test("three separate buffers of zeros of the asked size, on the stack and off it", arguments: [0, 1, 40, 128, 129, 400])
    func buffers(count: Int) {
        let sums = TapScratch.withZeros(count: count) { real, imaginary, magnitudes -> [Double] in
            #expect([real.count, imaginary.count, magnitudes.count] == [count, count, count])
            #expect(real.allSatisfy { $0 == 0 } && imaginary.allSatisfy { $0 == 0 } && magnitudes.allSatisfy { $0 == 0 })
            // Written one after the other, each keeps its own values only if none overlaps another.
            for index in 0..<count {
                real[index] = 1
                imaginary[index] = 2
                magnitudes[index] = 4
            }
            return [real, imaginary, magnitudes].map { $0.reduce(0, +) }
        }
        #expect(sums == [1, 2, 4].map { $0 * Double(count) })
    }

    /// A DW1000 accumulation of a weak first path and a strong one `strongDelay` seconds after it.
    static func accumulator(strongDelay: Double) -> PreambleAccumulator {
        let response = ChannelResponse(
            delays: [0, strongDelay], real: [0.2, 0.9], imaginary: [0.1, -0.3], directDelay: 0, latePower: 0)
        return PreambleAccumulator(
            format: .dw1000(.sixtyFourMegahertz), response: response, level: PowerLevel(dBm: -85), subTap: 0.3,
            phase: 1.1, symbols: AccumulationRoom(preamble: 900, delimiter: 18), noiseSeed: 7)
    }

    @Test("a reading in scratch buffers finds what the detection finds on the taps as arrays", arguments: [5e-9, 150e-9])
    func readingMatchesArrays(strongDelay: Double) throws {
        let accumulator = Self.accumulator(strongDelay: strongDelay)
        let detector = LeadingEdgeDetector(noiseThresholdMultiplier: 13, peakMultiplier: 3)
        let reading = PreambleReading(accumulator: accumulator, detector: detector)
        // The short response's window fits on the stack, the long one's does not.
        #expect((reading.window.count > TapScratch.stackTaps) == (strongDelay > 100e-9))

        let taps = reading.taps
        let magnitudes = zip(taps.real, taps.imaginary).map { LeadingEdgeDetector.magnitude(real: $0, imaginary: $1) }
        let detected = try #require(detector.detect(
            magnitudes: magnitudes, first: reading.window.lowerBound, noise: reading.noise, accumulated: accumulator.effective))
        #expect(detected.peakIndex == reading.edge.peakIndex)
        #expect(detected.peak == reading.edge.peak)
        #expect(detected.threshold == reading.edge.threshold)
        let amplitudes = LeadingEdge.amplitudes(after: reading.edge.index - Double(reading.window.lowerBound), in: magnitudes)
        #expect([amplitudes.0, amplitudes.1, amplitudes.2]
            == [reading.firstPathAmplitudes.0, reading.firstPathAmplitudes.1, reading.firstPathAmplitudes.2])
    }
}
