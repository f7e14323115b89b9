import ArgumentParser
import Foundation

/// `uwb-benchmarks sessions`: NearbyInteraction sessions on the emulator: how update rate and
/// accuracy hold up as more devices share the air, and how soon a peer hears a session end.
/// Prints markdown tables; progress goes to standard error.
struct SessionBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "Measure NearbyInteraction sessions on the emulator: rate, accuracy and goodbye latency.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Sessions\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(parsing: .upToNextOption, help: "Ring sizes (devices), each device with one session per peer.")
    var devices: [Int] = [2, 3, 5, 9]

    @Option(help: "Virtual seconds each ring runs.")
    var seconds = 20.0

    @Option(help: "Virtual seconds the filters get to settle before their error counts.")
    var settle = 1.0

    @Option(help: "Milliseconds between rounds of each session.")
    var interval = 100.0

    @Option(help: "How many invalidations the goodbye latency is measured over.")
    var goodbyes = 20

    func validate() throws {
        guard seconds > settle, settle >= 0, interval >= 11, interval <= 1000, goodbyes > 0,
              !devices.isEmpty, devices.allSatisfy({ $0 >= 2 && $0 <= 9 })
        else {
            throw ValidationError("give --seconds > --settle ≥ 0, --interval from 11 to 1000 ms, --goodbyes > 0 and rings of 2 to 9 devices")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        let interval = Duration.microseconds(Int64(self.interval * 1000))
        print("## Sessions on a shared radio (seed \(seed), every \(Formatting.fixed(self.interval, 0)) ms, \(Formatting.fixed(seconds, 0)) s per ring)\n")
        print(try SessionScaling(
            counts: devices, boards: boards, seed: seed, seconds: seconds, settle: settle, interval: interval).markdown + "\n")
        progress("sessions: goodbye latency")
        let instants = (0..<goodbyes).map { 2 + self.interval / 1000 * Double($0) / Double(goodbyes) }
        print("## From invalidate() to the peer's didRemove(.peerEnded)\n")
        print(try GoodbyeLatency(instants: instants, boards: boards, seed: seed, interval: interval).markdown)
    }
}
