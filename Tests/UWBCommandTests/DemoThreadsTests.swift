import Foundation
import Testing
import UWBTestSupport

/// `uwb demo --threads N` prints what one thread prints: the sessions of devices in different parts
/// speak only over the air, and a phone shares its part with its accessory, whose protocol runs in
/// process.
@Suite("uwb demo on several threads")
struct DemoThreadsTests {
    /// `uwb demo`'s JSON lines for `seconds` of `scenario` on `threads` threads, and its trace.
    static func run(_ scenario: String, seconds: Int, threads: Int) throws -> (lines: String, trace: Data) {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("demo-threads-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let run = try CommandRun([
            "demo", "--scenario", scenario, "--format", "jsonl", "--duration", "\(seconds)", "--speed", "0",
            "--threads", "\(threads)", "--trace", trace,
        ])
        #expect(run.status == 0, "\(run.error)")
        return (run.output, try Data(contentsOf: URL(fileURLWithPath: trace)))
    }

    @Test("the demo room, the phones with their accessories and the dense room: the same lines and trace on 1, 2 and 3 threads", .timeLimit(.minutes(10)))
    func sameOutput() throws {
        // In the dense room a Poll reaches many responders at one instant: their reports come from
        // several parts' threads at once.
        for (scenario, seconds, most) in [("demo-room", 2, 3), ("phone-and-accessory", 2, 2), ("dense-room", 1, 3)] {
            let one = try Self.run(scenario, seconds: seconds, threads: 1)
            #expect(one.lines.split(separator: "\n").count > 20, "\(scenario): \(one.lines)")
            for threads in 2...most {
                let split = try Self.run(scenario, seconds: seconds, threads: threads)
                #expect(split.lines == one.lines, "\(scenario) on \(threads) threads")
                #expect(split.trace == one.trace, "\(scenario) on \(threads) threads: the traces differ")
            }
        }
    }

    @Test("more threads than the world has parts, or none, is refused with the most it takes")
    func refusals() throws {
        let phones = try CommandRun(["demo", "--scenario", "phone-and-accessory", "--format", "jsonl", "--duration", "1", "--threads", "3"])
        #expect(phones.status != 0)
        #expect(phones.error.contains("cannot be split into 3 parts; give at most 2"), "\(phones.error)")
        let none = try CommandRun(["demo", "--scenario", "demo-room", "--threads", "0"])
        #expect(none.status != 0)
        #expect(none.error.contains("--threads 0: give 1 or more"), "\(none.error)")
    }
}
