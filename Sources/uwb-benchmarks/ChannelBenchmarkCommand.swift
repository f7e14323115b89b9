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

    @Option(help: "Random seed of every world: the apartment's links (link k's seed is 1000·(seed − 1) + k), the reciprocity room and the line-of-sight worlds.")
    var seed: UInt64 = 1

    @Option(help: "Realisations of the apartment's links, pooled (realisation r gives link k seed 1000·(seed + r − 1) + k); the measured data set is one.")
    var realisations: Int = 20

    @Option(parsing: .upToNextOption, help: "Distances of the line-of-sight bias worlds, metres.")
    var distances: [Double] = [2, 5, 10, 20]

    func validate() throws {
        guard rate > 0, seconds >= 1 else { throw ValidationError("give --rate > 0 and --seconds ≥ 1") }
        guard (1...1000).contains(realisations) else { throw ValidationError("give --realisations from 1 to 1000") }
        guard !distances.isEmpty, distances.allSatisfy({ $0 >= 0.5 && $0 <= 100 }) else {
            throw ValidationError("give --distances from 0.5 to 100 m")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        let reference = try MeasuredReference(path: repository + "/Docs/reference/measurements/kolakowski2018.json")
        print("# The channel against measurements\n")
        print("## The measured apartment (Kolakowski 2018), \(reference.links.count) links rebuilt, \(realisations) realisations pooled (seed \(seed), \(Formatting.fixed(rate, 0)) Hz, \(Formatting.fixed(seconds, 0)) s per link)\n")
        print(try ApartmentComparison(
            reference: reference, boards: boards, rate: rate, seconds: seconds, seed: seed, realisations: realisations).markdown + "\n")
        print("## Reciprocity: fourteen devices in an office (CM3) with a wall and a cabinet (seed \(seed), \(Formatting.fixed(seconds, 0)) s)\n")
        print(try ReciprocityRoom(boards: boards, seed: seed, seconds: seconds).markdown + "\n")
        print("## Line of sight: the range after the engine's bias correction (free space, seed \(seed), \(Formatting.fixed(rate, 0)) Hz, \(Formatting.fixed(seconds, 0)) s)\n")
        print(try LineOfSightBias(boards: boards, distances: distances, seed: seed, rate: rate, seconds: seconds).markdown + "\n")
    }
}
