import ArgumentParser
import Foundation
import UWBCore
import UWBEmulator
import UWBPlot

/// `uwb-benchmarks first-path`: the virtual chip's leading-edge detection (``AccumulatorDetection``) run on
/// real DW1000s' logged accumulators (the Kolakowski data set), against what each chip decided itself: the
/// first-path index, the received and first-path levels, per class of link. Prints markdown tables; progress
/// goes to standard error.
struct FirstPathBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-path",
        abstract: "Compare the virtual chip's first-path detection with real DW1000s' own on their logged accumulators.",
        discussion: """
            --data is a copy of https://github.com/marckolak/uwb-cirs-2018 (CC BY 4.0): its results/labels.csv \
            and results/N.log are read; logs missing from the copy are listed and passed over. Results and how \
            to read them: Docs/benchmarks.md, section "First-path detection on real accumulators".
            """)

    @Option(help: "A copy of the Kolakowski data set (the folder holding results/).")
    var data: String

    @Option(help: "The noise threshold multiplier NTM the chips ran with (LDE_CFG1 bits 4:0; Decawave's driver: 13).")
    var ntm = LeadingEdgeDetector.driver.noiseThresholdMultiplier

    @Option(help: "The peak multiplier PMULT the chips ran with (LDE_CFG1 bits 7:5; 3).")
    var pmult = LeadingEdgeDetector.driver.peakMultiplier

    func validate() throws {
        guard (0...31).contains(ntm), (0...7).contains(pmult) else { throw ValidationError("give --ntm 0…31 and --pmult 0…7") }
    }

    func run() throws {
        let labels = try FirstPathDataSet(root: data)
        var comparison = FirstPathComparison(
            rule: "the chip's rule: the steepest rise around the threshold's crossing",
            detector: LeadingEdgeDetector(noiseThresholdMultiplier: ntm, peakMultiplier: pmult))
        var unreadable: [String] = []
        for link in labels.links {
            FileHandle.standardError.write(Data("log \(link.file) (\(link.linkClass))\n".utf8))
            for entry in CIRLog.load(link.path) {
                switch entry {
                case .frame(let frame):
                    comparison.add(frame, linkClass: link.linkClass)
                case .failure(let failure):
                    unreadable.append(failure.description)
                }
            }
        }
        print("# First-path detection on real accumulators\n")
        print("Data: \(labels.links.count) logs read (\(labels.missing.count) missing from the copy: \(labels.missing.map(String.init).joined(separator: ", "))); "
            + "NTM \(ntm), PMULT \(pmult); \(unreadable.count) frames could not be read.\n")
        for failure in unreadable {
            print("- \(failure)")
        }
        print("\n## \(comparison.rule)\n")
        print(comparison.markdown)
    }
}
