import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

@Suite("Streamed traces: frames reach the file in time order with their settled outcomes")
struct StreamedTraceTests {
    /// A temporary file path, removed by the caller.
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-stream-\(UUID().uuidString).pcapng").path
    }

    @Test("the file writer gives the hand-built golden octets of one record")
    func fileWriterGoldenBytes() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PcapngFileWriter(path: path)
        try writer.append(TraceRecord(
            time: 1_234_567_890_123, frame: PcapngGoldenBytesTests.acknowledgement, sender: "alice",
            receptions: [TraceReception(receiver: "bob", level: PowerLevel(dBm: -71.3), outcome: .received)]))
        try writer.finish()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == PcapngGoldenBytesTests.expected)
    }

    @Test("a file that cannot be created is refused with the path and the reason")
    func unwritablePath() {
        let path = "/nonexistent-directory-of-swift-uwb/trace.pcapng"
        #expect(throws: TraceError.cannotWrite(path: path, reason: POSIXError(.ENOENT).localizedDescription)) {
            try PcapngFileWriter(path: path)
        }
    }

    @Test("the queue writes a frame only once it settles and every earlier frame is written, in time order")
    func queueOrder() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let queue = TraceQueue(writer: try PcapngFileWriter(path: path))
        func record(_ time: Int64, _ sender: String) -> TraceRecord {
            TraceRecord(time: time, frame: [0x02, 0x00, 0x01], sender: sender,
                        receptions: [TraceSamples.reception("bob", -70, .notListening)])
        }
        // The first frame has the later RMARKER (a longer preamble), the second the earlier; the third
        // ties with the second, from a sender whose key comes after the second's.
        let first = TransmissionOrder(sender: 9, count: 0)
        let second = TransmissionOrder(sender: 4, count: 7)
        let third = TransmissionOrder(sender: 5, count: 0)
        queue.add(record(5_000_000, "first"), transmission: first, settles: SimulationTime(picoseconds: 6_000_000), receivers: [1])
        queue.add(record(4_000_000, "third"), transmission: third, settles: SimulationTime(picoseconds: 5_000_000), receivers: [1])
        queue.add(record(4_000_000, "second"), transmission: second, settles: SimulationTime(picoseconds: 9_000_000), receivers: [1])
        queue.setOutcome(.received, transmission: second, receiver: 1)
        // At 7 µs the first frame has settled, but the second (earlier in time) has not: nothing is written.
        queue.writeSettled(before: SimulationTime(picoseconds: 7_000_000))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == PcapngBlocks.header.count)
        queue.setOutcome(.collided, transmission: third, receiver: 1)
        queue.writeSettled(before: SimulationTime(picoseconds: 9_000_001))
        try queue.finish()
        let records = try PcapngReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).records
        #expect(records.map(\.sender) == ["second", "third", "first"])
        #expect(records.map { $0.receptions[0].outcome } == [.received, .collided, .notListening])
    }

    @Test("a scenario's trace lists every frame once, in time order, and its outcomes add up to the statistics")
    func outcomesMatchStatistics() throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/hall-twenty.json"), boardSearchPaths: [Repository.boardsDirectory])
        let world = try Emulation(scenario: scenario, seed: 3)
        let records = try PcapngReader(bytes: try TraceCapture.bytes(of: world, until: SimulationTime(seconds: 1))).records
        #expect(records.map(\.time) == records.map(\.time).sorted())
        for statistics in world.statistics {
            let heard = records.flatMap(\.receptions).filter { $0.receiver == statistics.name }
            #expect(records.filter { $0.sender == statistics.name }.count == statistics.sent)
            #expect(heard.filter { $0.outcome == .received }.count == statistics.received)
            #expect(heard.filter { $0.outcome == .lost }.count == statistics.lost)
            #expect(heard.filter { $0.outcome == .collided }.count == statistics.collided)
        }
        #expect(world.statistics.reduce(0) { $0 + $1.received } > 1_000)
    }

    @Test("a second trace cannot start before the first is finished")
    func oneTraceAtATime() throws {
        let world = try WorldFixtures.freeSpace()
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try world.startTrace(writingTo: path)
        #expect(throws: EmulationError.self) { try world.startTrace(writingTo: path) }
        try world.finishTrace()
    }
}
