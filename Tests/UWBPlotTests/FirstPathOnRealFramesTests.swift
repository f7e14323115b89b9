import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBPlot

/// The virtual chip's leading-edge detection (``AccumulatorDetection``) on accumulators real DW1000s logged,
/// against what each chip decided itself (the Kolakowski data set's frames; attribution in
/// `Tests/UWBPlotTests/Fixtures/README.md`). The statistics over all the data set's frames are the
/// first-path benchmark's (`Docs/benchmarks.md`).
@Suite("First-path detection on real DW1000 accumulators")
struct FirstPathOnRealFramesTests {
    /// The fixture's frames.
    static func frames() throws -> [LoggedAccumulator] {
        try CIRLog.load(Fixtures.realFramesPath).map { entry in
            guard case .frame(let frame) = entry else { throw FixtureFailure(entry: entry) }
            return frame
        }
    }

    struct FixtureFailure: Error {
        let entry: CIRLogEntry
    }

    /// The detection of `frame` with the settings the chips ran with (LDE_CFG1 0x6D).
    static func detect(_ frame: LoggedAccumulator, _ detector: LeadingEdgeDetector = .driver) throws -> AccumulatorDetection {
        try AccumulatorDetection(
            samples: frame.samples, firstIndex: frame.firstSampleIndex, symbols: frame.preambleSymbols,
            format: .dw1000(frame.pulseRepetitionFrequency), detector: detector)
    }

    @Test("each frame's first path within a quarter tap of the chip's FP_INDEX (half of them within 1/32), and its levels within 1 dB of the chip's")
    func agreesWithTheChip() throws {
        var differences: [Double] = []
        defer {
            let sorted = differences.map(abs).sorted()
            #expect(sorted.isEmpty || sorted[sorted.count / 2] <= 1.0 / 32, "|Δ| \(sorted)")
        }
        for frame in try Self.frames() {
            let detection = try Self.detect(frame)
            let index = try #require(frame.chip.firstPathIndex)
            #expect(abs(detection.edge.index - index) <= 0.25, "line \(frame.line): ours \(detection.edge.index), the chip's \(index)")
            differences.append(detection.edge.index - index)
            if let level = frame.chip.receivedLevel {
                #expect(abs(detection.receivedLevel.dBm - level.dBm) <= 1, "line \(frame.line): RX \(detection.receivedLevel) against \(level)")
            }
            let firstPath = try #require(frame.chip.firstPathLevel)
            #expect(abs(detection.firstPathLevel.dBm - firstPath.dBm) <= 1, "line \(frame.line): FP \(detection.firstPathLevel) against \(firstPath)")
            // The threshold: the fit to the measured LDE_THRESH (median error 5 %); these frames within 25 %.
            let threshold = try #require(frame.chip.threshold)
            #expect(abs(detection.edge.threshold / threshold - 1) <= 0.25, "line \(frame.line): threshold \(detection.edge.threshold) against \(threshold)")
        }
    }

    @Test("a weak first path that merges into a path 10 dB stronger: the chip keeps the weak one, and so do we, though the steepest rise is the strong one's")
    func weakFirstPathMerging() throws {
        // Log 9 (NLOS), line 5173: taps 743…747 read 455, 1604, 2380, 3060, 9942; the chip's FP_INDEX 743.75.
        let frame = try #require(try Self.frames().first { $0.chip.firstPathIndex == 743.75 })
        let magnitudes = frame.samples.map(\.magnitude)
        let tap = 743 - frame.firstSampleIndex
        #expect(magnitudes[tap + 4] - magnitudes[tap + 3] > 3 * (magnitudes[tap + 1] - magnitudes[tap]))
        let chip = try Self.detect(frame)
        #expect(abs(chip.edge.index - 743.75) < 0.05, "ours \(chip.edge.index)")
    }

    @Test("the noise is the spread of the taps before the signal: about 100–225 per part on these frames, as the threshold implies")
    func noise() throws {
        for frame in try Self.frames() {
            let detection = try Self.detect(frame)
            // 8.96 σ ≈ LDE_THRESH when the noise term sets it (§4.4 of measured-channels.md): σ within a factor 2 of NTH/8.96 or below it.
            let threshold = try #require(frame.chip.threshold)
            #expect(detection.noise > 60 && detection.noise < 300, "line \(frame.line): σ \(detection.noise)")
            #expect(detection.noise * 8.96 <= threshold * 1.3, "line \(frame.line)")
        }
    }
}
