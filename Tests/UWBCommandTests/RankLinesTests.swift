import Testing
import UWBEmulator

@testable import uwb

@Suite("One rank's lines as a message")
struct RankLinesTests {
    static let slice: RankLines = {
        var slice = RankLines()
        slice.add("{\"t\":0.011000,\"from\":\"device-2\"}", at: SimulationTime(picoseconds: 11_000_000_000), by: "device-2")
        slice.add("  0.012 tag-ä      anchor-ø", at: SimulationTime(picoseconds: -1), by: "tag-ä")
        slice.add("", at: SimulationTime(picoseconds: .max), by: "")
        slice.tallies = ["measurements": 3, "failures": 0, "skipped": 12]
        return slice
    }()

    @Test("lines with any text, times and tallies come back as they were sent")
    func roundTrip() throws {
        #expect(try RankLines(octets: Self.slice.octets) == Self.slice)
        #expect(try RankLines(octets: RankLines().octets) == RankLines())
    }

    @Test("the layout: a kind octet, then every count, time and length as 8 octets low first")
    func layout() {
        var slice = RankLines()
        slice.add("ab", at: SimulationTime(picoseconds: 258), by: "d")
        slice.tallies = ["n": 1]
        let eight = { (value: UInt64) in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let expected: [UInt8] = [0x4C] + eight(1) + eight(258) + eight(1) + [0x64] + eight(2) + [0x61, 0x62]
            + eight(1) + eight(1) + [0x6E] + eight(1)
        #expect(slice.octets == expected)
    }

    @Test("a message cut short, with octets after its end or of another kind is refused, saying what is wrong")
    func refusals() {
        let octets = Self.slice.octets
        for length in [0, 1, 9, 20, octets.count - 1] {
            #expect(throws: EmulationError.self) { try RankLines(octets: Array(octets.prefix(length))) }
        }
        #expect(throws: EmulationError.self) { try RankLines(octets: octets + [0]) }
        #expect(throws: EmulationError.self) { try RankLines(octets: [0x01] + octets.dropFirst()) }
        var huge = RankLines().octets
        huge.replaceSubrange(1..<9, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        do {
            _ = try RankLines(octets: huge)
            Issue.record("a count of lines beyond the message was read")
        } catch {
            #expect(error.description.contains("lines in 17 octets"))
        }
    }
}
