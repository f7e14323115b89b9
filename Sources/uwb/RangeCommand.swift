import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// `uwb range`: two-way ranging between a scenario's devices on the emulator, one line per measurement.
struct RangeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "range",
        abstract: "Range between a scenario's devices on the emulator and print every measurement.",
        discussion: """
            The first device ranges with every other device in turn, or, with --cluster-size N, the \
            first of every N consecutive devices with the others of its N. Both sides of each round \
            print a measurement. Output fields are documented in Docs/ranging-output.md.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl
        case table
    }

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(parsing: .unconditional, help: """
        Rounds per second with each peer (default: \(JSONNumberText.text(ScenarioRanging.preferredRate)), \
        or the fastest the scenario's peers fit, said on standard error). A rate given here that does \
        not fit is an error.
        """)
    var rate: Double?

    @Option(parsing: .unconditional, help: "Simulated seconds to run; overrides the scenario's duration.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(help: "Output format: jsonl (one JSON object per line) or table.")
    var format: Format = .table

    @Option(help: "Write every frame on the air to this pcapng file (open it with Wireshark or tshark).")
    var trace: String?

    @Option(parsing: .unconditional, help: "Half-angle of the field of view in degrees; directions outside it are null.")
    var fieldOfView: Double = 60

    @Option(parsing: .unconditional, help: """
        Consecutive devices that range together, the first of them initiating with each of the others \
        (default: all of them, one cluster); a world of several clusters can run on several threads.
        """)
    var clusterSize: Int?

    /// `--threads`: how many threads the world runs on, at most one per cluster; one unless given, since
    /// ranging pairs ran slower on two threads than on one (`Docs/benchmarks.md`, "A world on several
    /// cores": their rounds keep each part within the lookahead of the other's), but the machine's cores
    /// for a world whose devices are fitted for bands apart (``ScenarioPartition/splitsByBand(_:)``),
    /// whose parts never wait for each other.
    @OptionGroup var threading: ThreadsOption

    /// `--rank-silence-limit`: under mpirun, how long a rank waits for a hung one.
    @OptionGroup var rankSilence: RankSilenceOption

    func validate() throws {
        if let duration, !(duration > 0 && duration <= 86_400) {
            throw ValidationError("--duration \(duration): give a number of seconds above 0 and at most 86400")
        }
        guard fieldOfView > 0, fieldOfView <= 180 else {
            throw ValidationError("--field-of-view \(fieldOfView): give a half-angle in degrees above 0 and at most 180")
        }
    }

    /// Virtual time between two batches of printed measurements: records are printed as the
    /// world runs instead of being kept for the whole run.
    static let slice: Duration = .seconds(1)

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        if let ranks = RankJob.joinIfLaunched(silence: rankSilence) {
            try run(as: ranks)
            return
        }
        let ranging: ScenarioRanging
        let loaded: Scenario
        do {
            loaded = try Scenario.load(from: scenario)
            let parts = threading.parts(
                maximum: ScenarioRanging.maximumParts(devices: loaded.devices.count, clusterSize: clusterSize),
                preferred: ScenarioPartition.splitsByBand(loaded) ? nil : 1)
            ranging = try ScenarioRanging(
                scenario: loaded, seed: seed, rate: rate, clusterSize: clusterSize,
                fieldOfView: FieldOfView(halfAngle: .degrees(fieldOfView)), parts: parts)
        } catch let error as ScenarioError {
            throw CommandFailure(error.description)
        } catch let error as ScenarioRangingError {
            throw CommandFailure("\(scenario): \(error.description)")
        }
        noteRate(of: ranging)
        // The trace file is opened first: one that cannot be written fails the command before it prints anything.
        let traceFile = TraceFile(path: trace)
        try traceFile.start(ranging.emulation)
        let output = MeasurementOutput(format: format)
        if format == .table {
            print(MeasurementOutput.tableHeader)
        }
        let end = SimulationTime(seconds: duration ?? loaded.duration.secondsValue)
        var time = SimulationTime.zero
        var measurements = 0
        var failures = 0
        let printer = BackgroundPrinter()
        while time < end {
            time = min(time + Self.slice, end)
            ranging.run(until: time)
            let records = ranging.takeRecords()
            printer.print { records.map { output.line(for: $0) + "\n" }.joined() }
            measurements += records.count
            failures += ranging.takeFailures().count
        }
        printer.finish()
        StandardError.line(Self.summary(measurements: measurements, failures: failures, skipped: ranging.skippedRounds))
        for line in PartReport.lines(ranging.emulation.partFigures) {
            StandardError.line(line)
        }
        try traceFile.finish(ranging.emulation)
    }

    /// Says on standard error when the preferred rate does not fit the scenario's peers and `ranging` runs slower.
    func noteRate(of ranging: ScenarioRanging) {
        if rate == nil, ranging.rate != ScenarioRanging.preferredRate {
            StandardError.line(
                "--rate \(JSONNumberText.text(ScenarioRanging.preferredRate)) Hz does not fit \(ranging.slots.peers) peers; "
                    + "ranging at \(JSONNumberText.text(ranging.rate)) Hz")
        }
    }

    /// The summary for standard error.
    static func summary(measurements: Int, failures: Int, skipped: Int) -> String {
        "\(measurements) measurements, \(failures) failed rounds, \(skipped) skipped"
    }
}
