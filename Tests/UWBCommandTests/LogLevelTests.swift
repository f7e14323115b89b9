import ArgumentParser
import Testing
@testable import uwb

/// `--log-level`: every command takes it, the libraries' records go to standard error, and the
/// default (`warning`) adds nothing to a run that works.
@Suite("uwb --log-level")
struct LogLevelTests {
    /// A demo run short enough for a test: two devices 3 m apart ranging through sessions for one
    /// simulated second, as fast as the machine can.
    static let demo = ["demo", "--scenario", "Docs/scenarios/two-devices-3m.json", "--duration", "1", "--format", "jsonl", "--speed", "0"]

    /// The lines of `text` that are log records of the libraries (`LEVEL swift-uwb.AREA: …`).
    static func logLines(_ text: String) -> [Substring] {
        let levels = LogLevelArgument.allCases.map(\.rawValue)
        return text.split(separator: "\n").filter { line in
            levels.contains { line.hasPrefix("\($0) swift-uwb.") }
        }
    }

    @Test("--log-level info: the sessions' story on standard error, standard output unchanged")
    func infoLogs() throws {
        let quiet = try CommandRun(Self.demo)
        let told = try CommandRun(Self.demo + ["--log-level", "info"])
        #expect(told.status == 0, "\(told.error)")
        let lines = Self.logLines(told.error)
        #expect(lines.contains { $0.hasPrefix("info swift-uwb.nearby-interaction: session running") }, "\(told.error)")
        #expect(lines.allSatisfy { !$0.hasPrefix("debug") && !$0.hasPrefix("trace") })
        #expect(told.output == quiet.output)
    }

    @Test("the default level prints no log line on a run that works")
    func defaultIsQuiet() throws {
        let run = try CommandRun(Self.demo)
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.logLines(run.error).isEmpty, "\(run.error)")
    }

    @Test("a level that does not exist is refused, naming the ones that do")
    func badLevel() throws {
        let run = try CommandRun(Self.demo + ["--log-level", "loud"])
        #expect(run.status != 0)
        #expect(run.error.contains("trace"))
    }

    @Test("every command takes --log-level")
    func everyCommand() {
        var missing: [String] = []
        func visit(_ command: any ParsableCommand.Type, path: [String]) {
            let subcommands = command.configuration.subcommands
            guard subcommands.isEmpty else {
                for subcommand in subcommands {
                    visit(subcommand, path: path + [subcommand._commandName])
                }
                return
            }
            if !command.helpMessage(columns: 200).contains("--log-level") {
                missing.append(path.joined(separator: " "))
            }
        }
        visit(UWBCommand.self, path: ["uwb"])
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("a record as a line: level, label, message, metadata in key order")
    func lineFormat() {
        let line = CommandLogHandler.line(
            level: .warning, label: "swift-uwb.devices", message: "radio lost", metadata: ["error": "gone", "device": "usb:FT1"])
        #expect(line == "warning swift-uwb.devices: radio lost device=usb:FT1 error=gone")
    }
}
