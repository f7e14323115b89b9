import Testing
import UWBCore
import UWBEmulator

/// The expected file is assembled by hand, field by field, from draft-ietf-opsawg-pcapng
/// (§3.1 block layout, §3.5 options, §4.1 SHB, §4.2 IDB, §4.3 EPB), all little-endian; nothing
/// here comes from the writer.
@Suite("pcapng writer: golden bytes")
struct PcapngGoldenBytesTests {
    /// The IEEE 802.15.4-2006 §7.2.1.9 acknowledgement example: MHR 02 00 6A, FCS E4 79.
    static let acknowledgement: [UInt8] = [0x02, 0x00, 0x6A, 0xE4, 0x79]

    static let expected: [UInt8] =
        // Section Header Block, 48 octets = 12 + 16 fixed + 16 shb_userappl + 4 end of options.
        [0x0A, 0x0D, 0x0D, 0x0A]                                // block type
        + [0x30, 0x00, 0x00, 0x00]                              // block total length 48
        + [0x4D, 0x3C, 0x2B, 0x1A]                              // byte-order magic 0x1A2B3C4D
        + [0x01, 0x00, 0x00, 0x00]                              // version 1.0
        + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]      // section length −1 (unspecified)
        + [0x04, 0x00, 0x09, 0x00] + Array("swift-uwb".utf8) + [0, 0, 0]   // shb_userappl, 9 + 3 pad
        + [0x00, 0x00, 0x00, 0x00]                              // opt_endofopt
        + [0x30, 0x00, 0x00, 0x00]                              // block total length again
        // Interface Description Block, 48 octets = 12 + 8 fixed + 16 if_name + 8 if_tsresol + 4.
        + [0x01, 0x00, 0x00, 0x00]                              // block type 1
        + [0x30, 0x00, 0x00, 0x00]                              // block total length 48
        + [0xC3, 0x00]                                          // link type 195
        + [0x00, 0x00]                                          // reserved
        + [0x00, 0x00, 0x00, 0x00]                              // snap length 0 (no limit)
        + [0x02, 0x00, 0x0C, 0x00] + Array("uwb-emulator".utf8)  // if_name, 12 octets, no pad
        + [0x09, 0x00, 0x01, 0x00, 0x09, 0, 0, 0]               // if_tsresol = 9 (10^-9 s), 3 pad
        + [0x00, 0x00, 0x00, 0x00]                              // opt_endofopt
        + [0x30, 0x00, 0x00, 0x00]                              // block total length again
        // Enhanced Packet Block, 84 octets = 12 + 20 fixed + 8 data + 40 opt_comment + 4.
        + [0x06, 0x00, 0x00, 0x00]                              // block type 6
        + [0x54, 0x00, 0x00, 0x00]                              // block total length 84
        + [0x00, 0x00, 0x00, 0x00]                              // interface 0
        + [0x00, 0x00, 0x00, 0x00]                              // timestamp high 32 bits
        + [0xD2, 0x02, 0x96, 0x49]                              // timestamp low: 1 234 567 890 ns = 0x499602D2
        + [0x05, 0x00, 0x00, 0x00]                              // captured length 5
        + [0x05, 0x00, 0x00, 0x00]                              // original length 5
        + acknowledgement + [0, 0, 0]                           // packet data, 3 pad
        + [0x01, 0x00, 0x23, 0x00]                              // opt_comment, 35 octets
        + Array("from=alice to=bob:-71.3dBm:received".utf8) + [0]   // 1 pad
        + [0x00, 0x00, 0x00, 0x00]                              // opt_endofopt
        + [0x54, 0x00, 0x00, 0x00]                              // block total length again

    @Test("one record gives SHB + IDB + EPB exactly as the spec lays them out")
    func oneRecord() throws {
        let writer = PcapngWriter()
        // 1 234 567 890 123 ps rounds to 1 234 567 890 ns.
        try writer.append(TraceRecord(
            time: 1_234_567_890_123,
            frame: Self.acknowledgement,
            sender: "alice",
            receptions: [TraceReception(receiver: "bob", level: PowerLevel(dBm: -71.3), outcome: .received)]
        ))
        #expect(writer.bytes == Self.expected)
    }

    @Test("an empty trace is the two header blocks")
    func emptyTrace() {
        #expect(PcapngWriter().bytes == Array(Self.expected.prefix(96)))
    }

    @Test("the reader parses the hand-built file")
    func readerParsesGoldenBytes() throws {
        let reader = try PcapngReader(bytes: Self.expected)
        #expect(reader.records == [TraceRecord(
            time: 1_234_567_890_000,
            frame: Self.acknowledgement,
            sender: "alice",
            receptions: [TraceReception(receiver: "bob", level: PowerLevel(dBm: -71.3), outcome: .received)]
        )])
    }
}
