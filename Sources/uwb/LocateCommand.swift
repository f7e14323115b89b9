import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBDevices
import UWBEmulator
import UWBPositioning

/// `uwb locate`: positions of a scenario's tags from its anchors on the emulator, one line per fix.
struct LocateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Position a scenario's tags from its anchors on the emulator, or a live radio as a DL-TDoA tag, and print every fix.",
        discussion: """
            With --scenario, the scenario's anchors run DL-TDoA rounds (or keep UL-TDoA time) and its \
            tags fix their positions; each fix comes with its covariance, its quality and the true \
            position. With --device (usb:SERIAL, emulator:NAME), the radio listens as a DL-TDoA tag \
            to the anchors of --network and prints its fixes until --duration on its clock or Ctrl-C. \
            Docs/positioning.md documents the scenario keys and the output fields.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl
        case table
    }

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md and Docs/positioning.md.")
    var scenario: String?

    @Option(help: "A live radio to run as a DL-TDoA tag: usb:SERIAL, usb, or emulator:NAME (a device of `uwb emulator serve`).")
    var device: String?

    @Option(parsing: .unconditional, help: "With --device: the network (PAN identifier) the anchors serve.")
    var network: UInt16?

    @Option(parsing: .unconditional, help: "With --device: fix in 2-D with the tag's antenna at this height (y, metres); without it, in 3-D.")
    var height: Double?

    @Option(help: "With --scenario: dl-tdoa, ul-tdoa or twr; overrides the scenario's positioning.method.")
    var method: PositioningMethod?

    @Option(parsing: .unconditional, help: "Simulated seconds to run; overrides the scenario's duration.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(help: "Output format: jsonl (one JSON object per line) or table.")
    var format: Format = .table

    @Option(parsing: .unconditional, help: """
        The standard deviation of a tag's receive timestamp, in metres, that the solver weighs \
        measurements with (default: the scenario's positioning.timestampDeviationMetres, else \
        \(JSONNumberText.text(PositioningSpec.defaultTimestampDeviation.metres))).
        """)
    var timestampDeviation: Double?

    @Option(parsing: .unconditional, help: """
        The standard deviation of the tags' acceleration, in m/s², that the trackers assume \
        (default \(JSONNumberText.text(ScenarioPositioning.defaultTagAcceleration.metresPerSecondSquared))).
        """)
    var tagAcceleration: Double?

    @Option(help: "Write every frame on the air to this pcapng file (open it with Wireshark or tshark).")
    var trace: String?

    /// `--threads`: with --scenario, how many threads the world runs on.
    @OptionGroup var threading: ThreadsOption

    /// `--rank-silence-limit`: under mpirun, how long a rank waits for a hung one.
    @OptionGroup var rankSilence: RankSilenceOption

    func validate() throws {
        guard (scenario == nil) != (device == nil) else {
            throw ValidationError("give --scenario FILE (the emulator) or --device DEVICE (a live radio), one of them")
        }
        if device != nil, threading.threads != nil {
            throw ValidationError("--threads is for --scenario: a live tag runs on its radio's own loop")
        }
        if device != nil, network == nil {
            throw ValidationError("--device needs --network: the PAN identifier the anchors serve (positioning.networkIdentifier of a scenario)")
        }
        if device != nil, let method, method != .downlinkTDoA {
            throw ValidationError("--method \(method.rawValue) is for --scenario: a live tag listens (dl-tdoa)")
        }
        if scenario != nil, network != nil || height != nil {
            throw ValidationError("--network and --height are for --device; a scenario sets its network and the tags' heights")
        }
        if let height, !height.isFinite {
            throw ValidationError("--height \(height): give a height in metres")
        }
        if let duration, !(duration > 0 && duration <= 86_400) {
            throw ValidationError("--duration \(duration): give a number of seconds above 0 and at most 86400")
        }
        if let timestampDeviation, !(timestampDeviation > 0 && timestampDeviation.isFinite) {
            throw ValidationError("--timestamp-deviation \(timestampDeviation): give a positive number of metres")
        }
        if let tagAcceleration, !(tagAcceleration > 0 && tagAcceleration.isFinite) {
            throw ValidationError("--tag-acceleration \(tagAcceleration): give a positive number of metres per second squared")
        }
    }

    /// Virtual time between two batches of printed fixes.
    static let slice: Duration = .seconds(1)

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let output = PositionOutput(format: format)
        if let device {
            guard trace == nil else { throw CommandFailure("--trace is for --scenario: a live radio's frames are written by `uwb capture`") }
            let choice: DeviceChoice
            do {
                choice = try DeviceChoice(environmentValue: device)
            } catch {
                throw CommandFailure(error.description)
            }
            if format == .table {
                print(PositionOutput.tableHeader)
            }
            try LocateLiveRun(
                choice: choice, network: PANIdentifier(rawValue: network ?? PositioningSpec.defaultNetwork),
                geometry: height.map { .planar(height: Distance(metres: $0)) } ?? .spatial,
                timestampDeviation: timestampDeviation.map(Distance.init(metres:)) ?? PositioningSpec.defaultTimestampDeviation,
                acceleration: tagAcceleration.map(Acceleration.init(metresPerSecondSquared:)) ?? ScenarioPositioning.defaultTagAcceleration,
                duration: duration.map { .seconds($0) }, output: output
            ).run()
            return
        }
        try runScenario(scenario ?? "", output: output)
    }

    /// Positions the tags of the scenario at `path` on the emulator.
    /// The summary for standard error: how many fixes, and how many tags had none, by reason.
    static func summary(fixes: Int, failures: [String: Int]) -> String {
        let refused = failures.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "\(fixes) fixes" + (refused.isEmpty ? "" : "; no fix: " + refused.joined(separator: ", "))
    }

    private func runScenario(_ path: String, output: PositionOutput) throws {
        if let ranks = RankJob.joinIfLaunched(silence: rankSilence) {
            try runScenario(path, output: output, as: ranks)
            return
        }
        let scenario = path
        let positioning: ScenarioPositioning
        let loaded: Scenario
        do {
            var site = try Scenario.load(from: scenario)
            if let method {
                site.positioning.method = method
            }
            loaded = site
            positioning = try ScenarioPositioning(
                scenario: loaded, seed: seed,
                timestampDeviation: timestampDeviation.map(Distance.init(metres:)),
                tagAcceleration: tagAcceleration.map(Acceleration.init(metresPerSecondSquared:)) ?? ScenarioPositioning.defaultTagAcceleration,
                parts: threading.parts(maximum: ScenarioPositioning.maximumParts(of: loaded)))
        } catch let error as ScenarioError {
            throw CommandFailure(error.description)
        } catch let error as ScenarioPositioningError {
            throw CommandFailure("\(scenario): \(error.description)")
        }
        let traceFile = TraceFile(path: trace)
        try traceFile.start(positioning.emulation)
        if format == .table {
            print(PositionOutput.tableHeader)
        }
        let end = SimulationTime(seconds: duration ?? loaded.duration.secondsValue)
        var time = SimulationTime.zero
        var fixes = 0
        var failures: [String: Int] = [:]
        let printer = BackgroundPrinter()
        while time < end {
            time = min(time + Self.slice, end)
            positioning.run(until: time)
            let records = positioning.takeRecords()
            printer.print { records.map { output.line(for: $0) + "\n" }.joined() }
            for record in records {
                switch record.result {
                case .success: fixes += 1
                case .failure(let error): failures[PositionOutput.reason(error), default: 0] += 1
                }
            }
        }
        printer.finish()
        StandardError.line(Self.summary(fixes: fixes, failures: failures))
        for line in PartReport.lines(positioning.emulation.partFigures) {
            StandardError.line(line)
        }
        try traceFile.finish(positioning.emulation)
    }
}

extension PositioningMethod: ExpressibleByArgument {}
