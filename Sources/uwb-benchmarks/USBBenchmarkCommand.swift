import ArgumentParser
import Foundation

/// `uwb-benchmarks usb`: two USB boards behind emulated FT232Hs ranging through NISessions, for
/// each emulated USB latency and reply delay: the share of rounds that produce an update. Runs
/// against the wall clock (the loops are threads), so results depend on the machine's load.
struct USBBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usb",
        abstract: "Find the shortest reply delay two emulated USB boards keep up with.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"USB\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(parsing: .upToNextOption, help: "Emulated latency of each USB IN transfer, milliseconds.")
    var latencies: [Double] = [0, 0.25, 0.5, 1]

    @Option(parsing: .upToNextOption, help: "Reply delays to try, milliseconds.")
    var replyDelays: [Double] = [0.5, 1, 2, 3, 5.223]

    @Option(help: "Wall seconds each combination ranges.")
    var seconds = 3.0

    func validate() throws {
        guard seconds >= 1, !latencies.isEmpty, latencies.allSatisfy({ $0 >= 0 && $0 <= 20 }),
              !replyDelays.isEmpty, replyDelays.allSatisfy({ $0 >= 0.3 && $0 <= 50 })
        else { throw ValidationError("give --seconds ≥ 1, latencies from 0 to 20 ms and reply delays from 0.3 to 50 ms") }
    }

    func run() throws {
        let milliseconds = { (value: Double) in Duration.microseconds(Int64(value * 1000)) }
        print("## Two USB boards, reply delay against USB latency (\(Formatting.fixed(seconds, 0)) s each)\n")
        print(try USBReplyDelay(
            latencies: latencies.map(milliseconds), replyDelays: replyDelays.map(milliseconds),
            boards: repository + "/Hardware/boards", seconds: seconds).markdown)
    }
}
