import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// The frames the medium counts per link (what the emulator service's observers show as each
/// link's traffic) against the trace of the same run, counted from the trace's records alone.
@Suite("Per-link frame counts")
struct LinkCountTests {
    @Test("every link's count of frames received intact is what the trace shows for it", arguments: [
        "capture-room", "hall-twenty",
    ])
    func countsMatchTheTrace(scenario name: String) throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/\(name).json"), boardSearchPaths: [Repository.boardsDirectory])
        let world = try Emulation(scenario: scenario)
        let records = try PcapngReader(bytes: TraceCapture.bytes(of: world, until: SimulationTime(seconds: 2))).records
        let names = world.devices.map(\.name)
        var traced = [[Int]](repeating: [Int](repeating: 0, count: names.count), count: names.count)
        for record in records {
            let sender = try #require(names.firstIndex(of: record.sender))
            for reception in record.receptions where reception.outcome == .received {
                traced[sender][try #require(names.firstIndex(of: reception.receiver))] += 1
            }
        }
        #expect(traced.joined().reduce(0, +) > 0)
        for sender in names.indices {
            for receiver in names.indices {
                #expect(
                    world.medium.linkReceptions[sender][receiver] == traced[sender][receiver],
                    "\(names[sender]) → \(names[receiver])")
            }
        }
    }
}
