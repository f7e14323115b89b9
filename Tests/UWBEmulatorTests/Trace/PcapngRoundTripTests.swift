import Foundation
import Testing
import UWBCore
import UWBEmulator

@Suite("pcapng writer → reader round trip")
struct PcapngRoundTripTests {
    @Test("records come back sorted by time, equal times in insertion order")
    func outOfOrderInput() throws {
        // Times are whole nanoseconds, so they survive the nanosecond timestamps exactly.
        let late = TraceRecord(time: 3_000_000, frame: try TraceSamples.dataFrame(sequenceNumber: 3), sender: "alice",
                               receptions: [TraceSamples.reception("bob", -80.1, .collided)])
        let tieFirst = TraceRecord(time: 2_000_000, frame: try TraceSamples.dataFrame(sequenceNumber: 21), sender: "bob",
                                   receptions: [])
        let early = TraceRecord(time: 1_000, frame: try TraceSamples.dataFrame(sequenceNumber: 1), sender: "carol",
                                receptions: [TraceSamples.reception("alice", -95, .lost),
                                             TraceSamples.reception("bob", -60.25, .received),
                                             TraceSamples.reception("dave", -70, .notListening)])
        let tieSecond = TraceRecord(time: 2_000_000, frame: try TraceSamples.dataFrame(sequenceNumber: 22), sender: "alice",
                                    receptions: [TraceSamples.reception("carol", -1e-5, .received)])
        let writer = PcapngWriter()
        for record in [late, tieFirst, early, tieSecond] {
            try writer.append(record)
        }
        #expect(try PcapngReader(bytes: writer.bytes).records == [early, tieFirst, tieSecond, late])
    }

    @Test(
        "device names with separators, escapes and non-ASCII letters survive",
        arguments: ["a,b", "x:y", "from=to", "two words", " to=bob", "100%", "%41", "Zoë 🛰️", "", "-._~", "tab\there"]
    )
    func specialNames(name: String) throws {
        let record = TraceRecord(time: 5_000, frame: [0x02, 0x00, 0x6A, 0xE4, 0x79], sender: name,
                                 receptions: [TraceSamples.reception(name, -71.3, .lost),
                                              TraceSamples.reception("plain", -72, .received)])
        let writer = PcapngWriter()
        try writer.append(record)
        #expect(try PcapngReader(bytes: writer.bytes).records == [record])
    }

    @Test("levels keep every bit, including non-finite ones")
    func levels() throws {
        let levels = [-71.3, -80.0, 0.1 + 0.2, -1e-300, Double.infinity, -Double.infinity, -0.0]
        let record = TraceRecord(time: 0, frame: [], sender: "s",
                                 receptions: levels.map { TraceSamples.reception("r", $0, .received) })
        let writer = PcapngWriter()
        try writer.append(record)
        let read = try PcapngReader(bytes: writer.bytes).records
        #expect(read.first?.receptions.map(\.level.dBm.bitPattern) == levels.map(\.bitPattern))
    }

    @Test(
        "times round to the nearest nanosecond, halves up",
        arguments: [(0, 0), (499, 0), (500, 1_000), (1_499, 1_000), (1_500, 2_000), (86_400_000_000_000_123, 86_400_000_000_000_000)]
            as [(Int64, Int64)]
    )
    func rounding(time: Int64, expected: Int64) throws {
        let writer = PcapngWriter()
        try writer.append(TraceRecord(time: time, frame: [], sender: "s", receptions: []))
        #expect(try PcapngReader(bytes: writer.bytes).records.map(\.time) == [expected])
    }

    @Test("the latest time is written, and read back as out of range instead of wrapping")
    func latestTime() throws {
        // Int64.max ps = 9 223 372 036 854 775.807 ns rounds up to ...776 ns, whose value in
        // picoseconds no longer fits an Int64; the packet block follows the 96 header octets.
        let writer = PcapngWriter()
        try writer.append(TraceRecord(time: .max, frame: [], sender: "s", receptions: []))
        #expect(throws: TraceError.timestampOutOfRange(offset: 96)) {
            try PcapngReader(bytes: writer.bytes)
        }
    }

    @Test("a negative time is refused and the record is not added")
    func negativeTime() throws {
        let writer = PcapngWriter()
        #expect(throws: TraceError.negativeTime(-1)) {
            try writer.append(TraceRecord(time: -1, frame: [], sender: "s", receptions: []))
        }
        #expect(try PcapngReader(bytes: writer.bytes).records.isEmpty)
    }

    @Test("metadata longer than one pcapng option is refused")
    func commentTooLong() {
        // "from=" (5) + 70 000 name octets + " to=" (4) = 70 009 octets.
        let name = String(repeating: "n", count: 70_000)
        #expect(throws: TraceError.commentTooLong(octets: 70_009)) {
            try PcapngWriter().append(TraceRecord(time: 0, frame: [], sender: name, receptions: []))
        }
    }

    @Test("write(to:) puts the same bytes in a file and names the path when it cannot")
    func writeToFile() throws {
        let writer = PcapngWriter()
        try writer.append(TraceRecord(time: 7_000, frame: try TraceSamples.dataFrame(sequenceNumber: 7),
                                      sender: "alice", receptions: []))
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("swift-uwb-trace-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writer.write(to: path)
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == writer.bytes)

        let missing = "/nonexistent-swift-uwb-directory/trace.pcapng"
        do {
            try writer.write(to: missing)
            Issue.record("writing into a missing directory succeeded")
        } catch {
            guard case .cannotWrite(let errorPath, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(errorPath == missing)
            #expect(error.description.contains(missing))
        }
    }
}
