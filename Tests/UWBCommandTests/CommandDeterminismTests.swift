import Foundation
import Testing
import UWBTestSupport

/// `uwb emulate` and `uwb range` print the same bytes on every run of a scenario and seed: what
/// the wall clock says (how long a run took) goes to standard error.
@Suite("uwb emulate and uwb range repeat byte for byte")
struct CommandDeterminismTests {
    @Test("two runs print the same", arguments: [
        ["emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "2"],
        ["range", "--scenario", "Docs/scenarios/walking-around.json", "--duration", "3", "--format", "jsonl"],
    ])
    func repeats(arguments: [String]) throws {
        let first = try CommandRun(arguments)
        #expect(first.status == 0, "\(arguments): \(first.error)")
        #expect(!first.output.isEmpty)
        #expect(try CommandRun(arguments).output == first.output)
    }
}
