import ArgumentParser
import Foundation
import UWBCore
import UWBEmulator
import UWBPlot

/// `uwb cir detect FILE`: the virtual chip's leading-edge detection run on logged accumulators, frame by
/// frame, with what the chip that logged them decided beside (`Docs/cir.md`, "Detecting the first path in a log").
struct CirDetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Find the first path in logged accumulators as the chip does, with the chip's own values beside.",
        discussion: """
            FILE is a DecaRanging accumulator log (Decawave's EVK1000 PC application; the Kolakowski data \
            set's logs) or `uwb cir --format json` output (one document per line). For every frame: the \
            noise, the leading-edge threshold, the first path with its fraction, the RX and first-path \
            levels by the user manual's formulas and, where the log has them, the chip's own values and \
            the differences. A frame that cannot be read is reported on standard error with its line, the \
            frames after it are still read, and the command then exits with status 1. See Docs/cir.md.
            """)

    @Argument(help: "The log: a DecaRanging accumulator log or `uwb cir --format json` lines.")
    var file: String

    @Option(help: "The noise threshold multiplier NTM the chip ran with (LDE_CFG1 bits 4:0; Decawave's driver and swift-uwb's set 13).")
    var ntm = LeadingEdgeDetector.driver.noiseThresholdMultiplier

    @Option(help: "The peak multiplier PMULT the chip ran with (LDE_CFG1 bits 7:5; 3).")
    var pmult = LeadingEdgeDetector.driver.peakMultiplier

    @Option(help: "The chip family that logged `uwb cir` documents: dw1000 or dw3000 (their level formulas differ). DecaRanging logs are DW1000s'.")
    var family: ChipFamily = .dw1000

    @Option(help: "Output format: table (with a summary), json (one object per frame) or csv.")
    var format: CirFormat = .table

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard (0...31).contains(ntm) else { throw ValidationError("--ntm \(ntm): LDE_CFG1's NTM field holds 0 to 31") }
        guard (0...7).contains(pmult) else { throw ValidationError("--pmult \(pmult): LDE_CFG1's PMULT field holds 0 to 7") }
    }

    func run() throws {
        logging.start()
        let detector = LeadingEdgeDetector(noiseThresholdMultiplier: ntm, peakMultiplier: pmult)
        var output = CirDetectOutput(format: format)
        var failures = 0
        output.begin()
        for entry in CIRLog.load(file) {
            switch entry {
            case .frame(let frame):
                do {
                    let detection = try AccumulatorDetection(
                        samples: frame.samples, firstIndex: frame.firstSampleIndex, symbols: frame.preambleSymbols,
                        format: .preamble(of: family, frame.pulseRepetitionFrequency), detector: detector)
                    output.add(frame, detection)
                } catch {
                    failures += 1
                    StandardError.line("\(file): line \(frame.line): \(error)")
                }
            case .failure(let failure):
                failures += 1
                StandardError.line(failure.description)
            }
        }
        output.end()
        if failures > 0 {
            throw CommandFailure("\(file): \(failures) problem\(failures == 1 ? "" : "s") (above); every frame that could be read is reported")
        }
    }
}
