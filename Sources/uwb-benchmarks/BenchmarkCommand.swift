import ArgumentParser
import Logging

/// `uwb-benchmarks`: the emulator's speed (`emulator`, the default subcommand, so the options of
/// the original command work without naming it), the ranging engine's accuracy on the emulator
/// (`ranging`), NearbyInteraction sessions (`sessions`), USB boards (`usb`), the emulator
/// service with apps in other processes (`service`), the emulator with many ranging devices
/// and over long runs (`scaling`), many devices ranging through sessions on one channel
/// (`mesh`), a mesh of sessions for hours (`soak`), secured and unsecured sessions under attack
/// (`security`), `uwb uci serve` with UCI hosts over TCP (`uci`), and the channel and receiver
/// against measured DW1000 data (`channel`). Prints markdown tables; progress goes to standard error. Build it in release mode:
/// `swift run -c release uwb-benchmarks`.
@main
struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uwb-benchmarks",
        abstract: "Benchmark the emulator's speed and the ranging engine's accuracy.",
        discussion: "Results and how to read them: Docs/benchmarks.md.",
        subcommands: [
            EmulatorBenchmarkCommand.self, RangingBenchmarkCommand.self, SessionBenchmarkCommand.self, USBBenchmarkCommand.self,
            ServiceBenchmarkCommand.self, ScalingBenchmarkCommand.self, MeshBenchmarkCommand.self, SoakBenchmarkCommand.self,
            SecurityBenchmarkCommand.self, UCIBenchmarkCommand.self, ChannelBenchmarkCommand.self, PositioningBenchmarkCommand.self,
            AccessoryBenchmarkCommand.self, FirstPathBenchmarkCommand.self, PartsBenchmarkCommand.self,
        ],
        defaultSubcommand: EmulatorBenchmarkCommand.self)

    /// Runs the benchmark the arguments name, with the libraries logging only what is wrong
    /// (`warning` and above) on standard error: swift-log's default handler would log at `info`,
    /// and a benchmark's standard error is for its progress.
    static func main() {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        main(nil)
    }
}
