import Testing
import UCI

/// A reassembler that keeps packets gives back each packet it cut from the stream exactly once, as
/// it was on the wire: segments, whole messages and dropped packets alike (what a trace records).
@Suite struct ReassemblerPacketTests {
    /// The first segment of a SESSION_CONFIG command (PBF 1), then its last segment.
    static let first: [UInt8] = [0x31, 0x03, 0x00, 0x02, 0xAA, 0xBB]
    static let last: [UInt8] = [0x21, 0x03, 0x00, 0x01, 0xCC]
    /// A CORE command that interrupts a segmented message of another opcode.
    static let intruder: [UInt8] = [0x20, 0x02, 0x00, 0x00]
    /// A packet with a reserved message type (7), dropped with a framing error.
    static let reserved: [UInt8] = [0xE0, 0x00, 0x00, 0x01, 0x55]

    @Test func everyPacketCutIsKeptOnceInOrder() {
        var reassembler = UCIReassembler()
        reassembler.keepsPackets = true
        reassembler.append(Self.first + Self.intruder + Self.reserved + Self.first)
        let inputs = reassembler.drain()
        // The intruder ends the partial message (an error) and comes out whole; the reserved type
        // is an error; the second first segment waits for its last.
        #expect(inputs.count == 3)
        #expect(reassembler.takePackets() == [Self.first, Self.intruder, Self.reserved, Self.first])
        reassembler.append(Self.last.prefix(2))
        #expect(reassembler.drain().isEmpty && reassembler.takePackets().isEmpty)
        reassembler.append(Self.last.dropFirst(2))
        #expect(reassembler.drain().count == 1)
        #expect(reassembler.takePackets() == [Self.last])
    }

    @Test func packetsAreNotKeptUnlessAsked() {
        var reassembler = UCIReassembler()
        reassembler.append(Self.intruder)
        #expect(reassembler.drain().count == 1)
        #expect(reassembler.takePackets().isEmpty)
    }
}
