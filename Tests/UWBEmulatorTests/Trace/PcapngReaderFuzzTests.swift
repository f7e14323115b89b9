import Testing
import UWBCore
import UWBEmulator

/// Feeds the reader thousands of mutated traces. Any result is acceptable except a trap (which
/// would crash the test process) or a hang; a fixed seed makes every case reproducible.
@Suite("pcapng reader: fuzzing")
struct PcapngReaderFuzzTests {
    /// A valid trace of four records with assorted names, outcomes and frame lengths.
    static func seedTrace() throws -> [UInt8] {
        let writer = PcapngWriter()
        for index in 0..<4 {
            try writer.append(TraceRecord(
                time: Int64(4 - index) * 1_000_000,
                frame: try TraceSamples.dataFrame(sequenceNumber: UInt8(index)) + [UInt8](repeating: 0xA5, count: index),
                sender: ["alice", "b,ob", "carol:2", "dé"][index],
                receptions: [
                    TraceSamples.reception("alice", -71.3, .received),
                    TraceSamples.reception("x y", -95, .lost),
                    TraceSamples.reception("z", -80.125, .collided),
                    TraceSamples.reception("w", -60, .notListening),
                ].suffix(index)
            ))
        }
        return writer.bytes
    }

    /// `bytes` with one random mutation applied.
    static func mutate(_ bytes: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        let position = bytes.isEmpty ? 0 : Int(random.next(upperBound: UInt64(bytes.count)))
        switch Int(random.next(upperBound: UInt64(6))) {
        case 0 where !bytes.isEmpty:
            bytes[position] ^= UInt8(1) << UInt8(Int(random.next(upperBound: UInt64(8))))
        case 1 where !bytes.isEmpty:
            bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case 2 where !bytes.isEmpty:
            // Field values that tend to hit edge cases: zero, all ones, small lengths.
            bytes[position] = [0x00, 0xFF, 0x0C, 0x80, 0x7F, 0x04][Int(random.next(upperBound: UInt64(6)))]
        case 3:
            bytes.removeSubrange(position...)
        case 4:
            let count = 1 + Int(random.next(upperBound: UInt64(8)))
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
        default:
            let end = min(bytes.count, position + 1 + Int(random.next(upperBound: UInt64(16))))
            bytes.removeSubrange(position..<end)
        }
        return bytes
    }

    @Test("5000 random mutations are parsed or rejected without trapping")
    func randomMutations() throws {
        let original = try Self.seedTrace()
        var random = SeededRandom(seed: 0x5EED_7ACE)
        var rejected = 0
        var accepted = 0
        for _ in 0..<5_000 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next(upperBound: UInt64(4)))) {
                bytes = Self.mutate(bytes, random: &random)
            }
            do {
                let records = try PcapngReader(bytes: bytes).records
                #expect(records.count <= bytes.count / 32)
                accepted += 1
            } catch {
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        // Both paths must be exercised, or the mutations are not reaching the parser's checks.
        #expect(rejected > 1_000)
        #expect(accepted > 10)
    }
}
