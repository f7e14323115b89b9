import ArgumentParser
import Foundation
import UWBCore
import UWBEmulator

/// `uwb emulate`: runs a scenario on the emulator and prints what each device sent and heard.
struct EmulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulate",
        abstract: "Run a scenario on the emulator (faster than real time) and summarise each device's frames.",
        discussion: "Scenario format: Docs/scenarios.md. Examples: Docs/scenarios/*.json.")

    @Option(help: "The scenario file (JSON).")
    var scenario: String

    @Option(parsing: .unconditional, help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Simulated seconds to run; overrides the scenario's duration.")
    var duration: Double?

    @Option(help: "Write every frame to this pcapng file (open it with Wireshark or tshark).")
    var trace: String?

    @Flag(help: "Run in real time against the wall clock instead of as fast as possible.")
    var paced = false

    /// `--threads`: how many threads the world runs on.
    @OptionGroup var threading: ThreadsOption

    /// `--rank-silence-limit`: under mpirun, how long a rank waits for a hung one.
    @OptionGroup var rankSilence: RankSilenceOption

    func validate() throws {
        if let duration, !(duration > 0 && duration <= 86_400) {
            throw ValidationError("--duration \(duration): give a number of seconds above 0 and at most 86400")
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        if let ranks = RankJob.joinIfLaunched(silence: rankSilence) {
            try run(as: ranks)
            return
        }
        let loaded: Scenario
        do {
            loaded = try Scenario.load(from: scenario)
        } catch {
            throw CommandFailure(error.description)
        }
        for note in EmulateNotes.notes(for: loaded, path: scenario) {
            StandardError.line(note)
        }
        let emulation: Emulation
        do {
            emulation = try Emulation.withAttackers(
                scenario: loaded, seed: seed, parts: threading.parts(maximum: ScenarioPartition.maximumParts(of: loaded)))
        } catch {
            throw CommandFailure(error.description)
        }
        let seconds = duration ?? loaded.duration.secondsValue
        // The trace streams to its file as frames settle, so it is started before the run.
        let traceFile = TraceFile(path: trace)
        try traceFile.start(emulation)
        let started = ContinuousClock.now
        emulation.run(until: SimulationTime(seconds: seconds), pacing: paced ? WallClockPacing() : nil)
        let wall = ContinuousClock.now - started
        let summary = SummaryTable(emulation: emulation, scenario: loaded, seconds: seconds)
        print(summary.text)
        StandardError.line(summary.speed(wall: wall))
        for line in PartReport.lines(emulation.partFigures) {
            StandardError.line(line)
        }
        try traceFile.finish(emulation)
    }
}
