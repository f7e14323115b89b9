import ArgumentParser
import Foundation
import UWBCore

/// `uwb-benchmarks channel`: the emulator's radio against measured DW1000 data, the measured apartment's
/// links rebuilt and ranged, with the figures side by side. Prints markdown tables; progress goes to
/// standard error.
struct ChannelBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Compare the emulator's channel and receiver with measured DW1000 links.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"The channel against measurements\".")

    @Option(help: "The repository root (for Hardware/boards and the measured statistics); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Rounds per second on each link.")
    var rate = 10.0

    @Option(help: "Virtual seconds each link ranges.")
    var seconds = 12.0

    func validate() throws {
        guard rate > 0, seconds >= 1 else { throw ValidationError("give --rate > 0 and --seconds ≥ 1") }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        let reference = try MeasuredReference(path: repository + "/Docs/reference/measurements/kolakowski2018.json")
        print("# The channel against measurements\n")
        print("## The measured apartment (Kolakowski 2018), \(reference.links.count) links rebuilt (\(Formatting.fixed(rate, 0)) Hz, \(Formatting.fixed(seconds, 0)) s per link)\n")
        print(try ApartmentComparison(reference: reference, boards: boards, rate: rate, seconds: seconds).markdown + "\n")
    }
}
