import ArgumentParser
import Foundation

/// `uwb-benchmarks ranging`: the ranging engine's accuracy on the emulator, section by section
/// (static line of sight, clock offsets, angle of arrival, NLOS detection, rate and latency).
/// Prints markdown tables; progress goes to standard error.
struct RangingBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ranging",
        abstract: "Measure the ranging engine's accuracy on emulated worlds with ground truth.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Ranging accuracy\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(help: "Rounds per second in the accuracy worlds.")
    var rate = 100.0

    @Option(help: "Virtual seconds each accuracy world runs.")
    var seconds = 20.0

    @Option(help: "Virtual seconds the filters get to settle before their output counts.")
    var settle = 1.0

    @Option(parsing: .upToNextOption, help: "True distances of the static line-of-sight worlds, metres.")
    var distances: [Double] = [1, 3, 5, 9, 20]

    func validate() throws {
        guard rate > 0, seconds > settle, settle >= 0, !distances.isEmpty, distances.allSatisfy({ $0 >= 0.1 && $0 <= 200 })
        else { throw ValidationError("give --rate > 0, --seconds > --settle ≥ 0 and distances from 0.1 to 200 m") }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        print("## Static line of sight (seed \(seed), \(Formatting.fixed(rate, 0)) Hz, \(Formatting.fixed(seconds, 0)) s per distance)\n")
        print(try StaticAccuracy(
            distances: distances, boards: boards, seed: seed, rate: rate, seconds: seconds, settle: settle).markdown + "\n")
    }
}
