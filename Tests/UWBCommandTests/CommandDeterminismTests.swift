import Foundation
import Testing
import UWBTestSupport

/// `uwb emulate` and `uwb range` print the same bytes on every run of a scenario and seed: what
/// the wall clock says (how long a run took) goes to standard error.
@Suite("uwb emulate and uwb range repeat byte for byte")
struct CommandDeterminismTests {
    /// The standard output of `uwb` with `arguments`.
    static func output(_ uwb: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["UWB_BOARDS_DIR"] = Repository.boardsDirectory
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments): \(text)")
        return text
    }

    @Test("two runs print the same", arguments: [
        ["emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "2"],
        ["range", "--scenario", "Docs/scenarios/walking-around.json", "--duration", "3", "--format", "jsonl"],
    ])
    func repeats(arguments: [String]) throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let resolved = arguments.map { $0.hasPrefix("Docs/") ? Repository.path($0) : $0 }
        let first = try Self.output(uwb, resolved)
        #expect(!first.isEmpty)
        #expect(try Self.output(uwb, resolved) == first)
    }
}
