import Foundation
import Testing
import UCI

/// A UCI trace is a pcapng file (draft-ietf-opsawg-pcapng) of link type 299 (LINKTYPE_FIRA_UCI):
/// checked octet by octet against a tiny trace laid out by hand from the specification, and, where
/// tshark is installed, read by tshark without error.
@Suite struct UCITraceWriterTests {
    /// GET_DEVICE_INFO_CMD: MT 001, PBF 0, GID 0; OID 2; RFU; length 0.
    static let command: [UInt8] = [0x20, 0x02, 0x00, 0x00]
    /// A response of GID 0 OID 2 with a one-octet payload, 0x00 (status OK).
    static let response: [UInt8] = [0x40, 0x02, 0x00, 0x01, 0x00]

    /// The trace of ``command`` received at 1.5 s and ``response`` sent at 2 s (after the Unix
    /// epoch) on connection "h1", every field written out from the specification.
    static let golden: [UInt8] = [
        // Section Header Block (§4.1): type, total length 48.
        0x0A, 0x0D, 0x0D, 0x0A, 0x30, 0x00, 0x00, 0x00,
        // Byte-order magic 0x1A2B3C4D, version 1.0, section length -1 (unspecified).
        0x4D, 0x3C, 0x2B, 0x1A, 0x01, 0x00, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        // shb_userappl (code 4), 9 octets "swift-uwb", 3 octets of padding.
        0x04, 0x00, 0x09, 0x00, 0x73, 0x77, 0x69, 0x66, 0x74, 0x2D, 0x75, 0x77, 0x62, 0x00, 0x00, 0x00,
        // opt_endofopt, total length again.
        0x00, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00,

        // Interface Description Block (§4.2): type 1, total length 40.
        0x01, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00,
        // Link type 299 (0x012B), reserved, snap length 0 (no limit).
        0x2B, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        // if_name (code 2), 2 octets "h1", 2 of padding.
        0x02, 0x00, 0x02, 0x00, 0x68, 0x31, 0x00, 0x00,
        // if_tsresol (code 9), 1 octet: 9 (nanoseconds), 3 of padding.
        0x09, 0x00, 0x01, 0x00, 0x09, 0x00, 0x00, 0x00,
        // opt_endofopt, total length again.
        0x00, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00,

        // Enhanced Packet Block (§4.3): type 6, total length 48, interface 0.
        0x06, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        // Timestamp 1 500 000 000 ns = 0x59682F00: high 32 bits, low 32 bits.
        0x00, 0x00, 0x00, 0x00, 0x00, 0x2F, 0x68, 0x59,
        // Captured and original length 4, the command.
        0x04, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x20, 0x02, 0x00, 0x00,
        // epb_flags (code 2), 4 octets: direction 01, inbound.
        0x02, 0x00, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00,
        // opt_endofopt, total length again.
        0x00, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00,

        // Enhanced Packet Block: type 6, total length 52, interface 0.
        0x06, 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        // Timestamp 2 000 000 000 ns = 0x77359400.
        0x00, 0x00, 0x00, 0x00, 0x00, 0x94, 0x35, 0x77,
        // Captured and original length 5, the response, 3 octets of padding.
        0x05, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x40, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
        // epb_flags: direction 10, outbound.
        0x02, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
        // opt_endofopt, total length again.
        0x00, 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00,
    ]

    @Test func aTinyTraceHasTheOctetsOfTheSpecification() throws {
        let path = try Self.writeTinyTrace()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == Self.golden)
    }

    @Test func aSecondConnectionGetsAnInterfaceOfItsOwn() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uci-trace-\(UUID()).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try UCITraceWriter(path: path)
        writer.record(Self.command, direction: .received, at: Date(timeIntervalSince1970: 1), connection: "host 1")
        writer.record(Self.command, direction: .received, at: Date(timeIntervalSince1970: 1), connection: "host 2")
        writer.record(Self.response, direction: .sent, at: Date(timeIntervalSince1970: 2), connection: "host 1")
        try writer.close()
        let octets = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // SHB, IDB 0, EPB on 0, IDB 1, EPB on 1, EPB on 0: the interface field of each EPB.
        let blocks = Self.blocks(of: octets)
        #expect(blocks.map(\.type) == [0x0A0D_0D0A, 1, 6, 1, 6, 6])
        #expect(blocks.filter { $0.type == 6 }.map { $0.body.prefix(4) == [0, 0, 0, 0] ? 0 : 1 } == [0, 1, 0])
    }

    @Test func tsharkReadsATrace() throws {
        guard let tshark = ["/usr/bin/tshark", "/usr/local/bin/tshark"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return  // No tshark here: the octets are checked by the test above.
        }
        let path = try Self.writeTinyTrace()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tshark)
        process.arguments = [
            "-r", path, "-T", "fields", "-e", "frame.interface_name", "-e", "frame.packet_flags_direction", "-e", "frame.len",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "tshark: \(complaints)")
        // Wireshark 4.0 has no UCI dissector (the packets show as data), but it reads the blocks.
        let rows = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows == [["h1", "0x00000001", "4"], ["h1", "0x00000002", "5"]], "\(text)")
    }

    /// Writes ``command`` and ``response`` as in ``golden`` to a new temporary file; returns its path.
    private static func writeTinyTrace() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uci-trace-\(UUID()).pcapng").path
        let writer = try UCITraceWriter(path: path)
        writer.record(command, direction: .received, at: Date(timeIntervalSince1970: 1.5), connection: "h1")
        writer.record(response, direction: .sent, at: Date(timeIntervalSince1970: 2), connection: "h1")
        try writer.close()
        return path
    }

    /// The blocks of a little-endian pcapng file: type and body (without type and lengths).
    private static func blocks(of octets: [UInt8]) -> [(type: UInt32, body: ArraySlice<UInt8>)] {
        var blocks: [(type: UInt32, body: ArraySlice<UInt8>)] = []
        var offset = 0
        func word(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(octets[at + $1]) << (8 * $1) } }
        while offset + 12 <= octets.count {
            let length = Int(word(offset + 4))
            guard length >= 12, offset + length <= octets.count else { break }
            blocks.append((word(offset), octets[(offset + 8)..<(offset + length - 4)]))
            offset += length
        }
        return blocks
    }
}
