import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// `uwb demo`: NearbyInteraction sessions between emulated devices in a room, shown live.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch emulated devices range with each other through NearbyInteraction sessions.",
        discussion: """
            Every device of the scenario runs one NISession per peer on its own emulated radio; the \
            sessions swap their discovery tokens as archived data, as apps do, and each device shows \
            its peers' distance and direction. The live view redraws ten times a second; \
            --format jsonl prints one JSON object per update instead (fields in Docs/demo-output.md). \
            Ctrl-C stops the demo.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case live
        case jsonl
    }

    /// Virtual time between two frames of the live view (and two collections of updates).
    static let slice: Duration = .milliseconds(100)

    @Option(help: "The scenario file (JSON; see Docs/scenarios.md), or the name of a shipped one (demo-room, two-devices-3m, …).")
    var scenario = "Docs/scenarios/demo-room.json"

    @Option(parsing: .unconditional, help: "Simulated seconds to run; default: the scenario's duration.")
    var duration: Double?

    @Option(help: "Output: live (a terminal view) or jsonl (one JSON object per update).")
    var format: Format = .live

    @Option(parsing: .unconditional, help: "Simulated seconds per wall-clock second; 0 runs as fast as the machine can.")
    var speed: Double = 1

    @Option(parsing: .unconditional, help: """
        Milliseconds between ranging rounds of each pair, the sessions' update interval (default: \
        \(DemoCommand.milliseconds(SessionMesh.preferredInterval)), or the nearest the scenario's radio \
        keeps, said on standard error). An interval given here that the radio does not keep is an error.
        """)
    var interval: Double?

    @Option(parsing: .unconditional, help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(help: "Write every frame on the air to this pcapng file (open it with Wireshark or tshark).")
    var trace: String?

    /// `--threads`: how many threads the world runs on.
    @OptionGroup var threading: ThreadsOption

    func validate() throws {
        if let duration, !(duration > 0 && duration <= 86_400) {
            throw ValidationError("--duration \(duration): give a number of seconds above 0 and at most 86400")
        }
        guard speed.isFinite, speed >= 0 else {
            throw ValidationError("--speed \(speed): give 0 (as fast as possible) or a positive number")
        }
        if let interval, !(interval.isFinite && interval >= 1 && interval <= 10_000) {
            throw ValidationError("--interval \(JSONNumberText.text(interval)): give milliseconds from 1 to 10000")
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let loaded: Scenario
        do {
            loaded = try Scenario.load(from: scenario)
        } catch {
            throw CommandFailure(error.description)
        }
        let room: DemoRoom
        do {
            room = try DemoRoom(
                scenario: loaded, seed: seed, interval: interval.map { .microseconds(Int64($0 * 1000)) },
                parts: threading.parts(maximum: SessionMesh.maximumParts(of: loaded)))
        } catch {
            if case .intervalOutOfRange(let requested, _, _) = error {
                throw CommandFailure("--interval \(Self.milliseconds(requested)): \(error) in \(scenario); give one in that range")
            }
            throw CommandFailure("\(scenario): \(error)")
        }
        if interval == nil, room.mesh.interval != SessionMesh.preferredInterval {
            StandardError.line(
                "--interval \(Self.milliseconds(SessionMesh.preferredInterval)) ms does not fit the radio of \(scenario); "
                    + "ranging every \(Self.milliseconds(room.mesh.interval)) ms")
        }
        let end = SimulationTime(seconds: duration ?? loaded.duration.secondsValue)
        let traceFile = TraceFile(path: trace)
        try traceFile.start(room.mesh.emulation)
        let interruption = Interruption()
        let pacing = WallClockPacing()
        var terminal = DemoTerminal()
        if format == .live {
            terminal.begin()
        }
        var time = SimulationTime.zero
        while time < end, !interruption.wasInterrupted {
            time = min(time + Self.slice, end)
            room.run(until: time, pacing: pacing, speed: speed)
            let readings = room.collect()
            switch format {
            case .live:
                terminal.show(DemoView.frame(of: room.readings, at: time - .zero))
            case .jsonl:
                for reading in readings {
                    print(DemoJSONLine.line(for: reading))
                }
            }
        }
        if format == .live {
            terminal.end()
        }
        try traceFile.finish(room.mesh.emulation)
    }

    /// `duration` in milliseconds, as a person would type it for `--interval`.
    private static func milliseconds(_ duration: Duration) -> String {
        JSONNumberText.text(duration.secondsValue * 1000)
    }
}
