import Foundation
import Testing
import UWBCore
import UWBEmulator

/// A trace cut while it is written: only whole blocks are kept, and the reader takes them.
@Suite("Whole blocks of a growing pcapng trace")
struct PcapngWholeBlocksTests {
    /// A trace of three frames, and where each of its blocks ends.
    static func trace() throws -> (bytes: [UInt8], ends: [Int]) {
        let writer = PcapngWriter()
        var ends: [Int] = []
        for index in 0..<3 {
            try writer.append(TraceRecord(
                time: Int64(index) * 1_000_000, frame: [0x02, 0x00, UInt8(index), 0xAB, 0xCD], sender: "alice",
                receptions: [TraceReception(receiver: "bob", level: PowerLevel(dBm: -70), outcome: .received)]))
            ends.append(writer.bytes.count)
        }
        return (writer.bytes, ends)
    }

    @Test("cut anywhere, the trace keeps its whole blocks, which read back as the records before the cut")
    func cutAnywhere() throws {
        let (bytes, ends) = try Self.trace()
        let header = ends[0] - (ends[1] - ends[0])  // the three packet blocks are the same length
        for cut in 0...bytes.count {
            let kept = PcapngWholeBlocks.prefix(of: Array(bytes.prefix(cut)))
            let wholeRecords = ends.filter { $0 <= cut }.count
            if cut < header {
                // Until the interface block is whole, a reader has nothing it can take but the section header.
                #expect(kept.count < header)
                continue
            }
            #expect(kept.count == ([header] + ends).filter { $0 <= cut }.max(), "cut at \(cut)")
            #expect(try PcapngReader(bytes: kept).records.count == wholeRecords, "cut at \(cut)")
        }
        #expect(PcapngWholeBlocks.length(of: bytes) == bytes.count)
    }

    @Test(
        "tshark reads a trace cut in its last block as the two whole frames before the cut",
        .enabled(if: FileManager.default.isExecutableFile(atPath: TsharkTests.tsharkPath), "tshark is not installed at /usr/bin/tshark")
    )
    func tsharkReadsTheCut() throws {
        let (bytes, ends) = try Self.trace()
        let kept = PcapngWholeBlocks.prefix(of: Array(bytes.prefix(ends[2] - 3)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-cut-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(kept).write(to: URL(fileURLWithPath: path))
        let output = try TsharkTests.tshark(["-r", path, "-T", "fields", "-e", "wpan.seq_no"])
        #expect(output.split(separator: "\n") == ["0", "1"])
    }

    @Test("input that is not pcapng keeps nothing; a block length past the end or malformed stops the cut there")
    func notPcapng() throws {
        #expect(PcapngWholeBlocks.length(of: Array("not a trace, long enough to look at".utf8)) == 0)
        #expect(PcapngWholeBlocks.length(of: []) == 0)
        var (bytes, ends) = try Self.trace()
        // The second packet block claims a length that is not a multiple of 4.
        bytes.replaceSubrange(ends[0] + 4..<ends[0] + 8, with: [0x0D, 0x0D, 0x0D, 0x0D])
        #expect(PcapngWholeBlocks.length(of: bytes) == ends[0])
    }
}
