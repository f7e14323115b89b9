import Testing
import UWBCore
import UWBEmulator

/// Each case corrupts the hand-built file of ``PcapngGoldenBytesTests`` in one documented place.
/// Offsets in that file: SHB 0–47 (byte-order magic at 8, version at 12, length copies at 4 and
/// 44); IDB 48–95 (link type at 56, `if_name` option at 64, `if_tsresol` option at 80 with its
/// value at 84); EPB 96–179 (interface at 104, timestamp high/low at 108/112, captured length at
/// 116, packet data at 124, comment option at 132 with its text at 136).
@Suite("pcapng reader: rejected and tolerated input")
struct PcapngReaderRejectionTests {
    static let golden = PcapngGoldenBytesTests.expected

    /// The golden file with `octets` written at `offset`.
    static func golden(replacing offset: Int, with octets: [UInt8]) -> [UInt8] {
        var bytes = golden
        bytes.replaceSubrange(offset..<(offset + octets.count), with: octets)
        return bytes
    }

    /// The golden file with its packet block rebuilt around the comment `text` (§4.3, §3.5).
    static func golden(comment text: [UInt8]) -> [UInt8] {
        let padding = [UInt8](repeating: 0, count: (4 - text.count % 4) % 4)
        let length = UInt8(12 + 20 + 8 + 4 + text.count + padding.count + 4)
        return Array(golden[..<96])
            + [0x06, 0x00, 0x00, 0x00, length, 0x00, 0x00, 0x00]
            + Array(golden[104..<132])                          // fixed fields, frame and its padding
            + [0x01, 0x00, UInt8(text.count), 0x00] + text + padding
            + [0x00, 0x00, 0x00, 0x00, length, 0x00, 0x00, 0x00]
    }

    static func readError(_ bytes: [UInt8]) -> TraceError? {
        do {
            _ = try PcapngReader(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("every cut inside a block is reported as truncated; cuts between blocks are valid files")
    func everyPrefix() throws {
        for length in 0..<Self.golden.count {
            let prefix = Array(Self.golden.prefix(length))
            if length == 48 || length == 96 {
                #expect(try PcapngReader(bytes: prefix).records.isEmpty)
            } else {
                let error = Self.readError(prefix)
                guard case .truncated = error else {
                    Issue.record("prefix of \(length) octets gave \(String(describing: error))")
                    continue
                }
            }
        }
        #expect(Self.readError([]) == .truncated(offset: 0, needed: 12))
        #expect(Self.readError(Array(Self.golden.prefix(100))) == .truncated(offset: 96, needed: 8))
        #expect(Self.readError(Array(Self.golden.prefix(150))) == .truncated(offset: 96, needed: 30))
    }

    @Test(
        "corrupt fields are named with their block's offset",
        arguments: [
            (8, [0x4E], .badByteOrderMagic(offset: 0, value: 0x1A2B_3C4E)),
            (12, [0x02], .unsupportedVersion(offset: 0, major: 2, minor: 0)),
            (4, [0x31], .invalidBlockLength(offset: 0, length: 0x31)),
            (4, [0x08], .invalidBlockLength(offset: 0, length: 8)),
            (44, [0x2C], .blockLengthMismatch(offset: 0, leading: 48, trailing: 44)),
            (0, [0x01, 0x00, 0x00, 0x00], .missingSectionHeader(offset: 0)),
            (56, [0xE6], .unsupportedLinkType(offset: 48, linkType: 230)),
            (84, [0x0D], .unsupportedTimestampResolution(offset: 48, value: 13)),
            (84, [0x8A], .unsupportedTimestampResolution(offset: 48, value: 0x8A)),
            (66, [0x20], .malformedOption(offset: 64)),
            (104, [0x01], .unknownInterface(offset: 96, interfaceID: 1)),
            (116, [0x09], .malformedOption(offset: 136)),
            (116, [0x40], .capturedLengthTooLong(offset: 96, capturedLength: 64)),
            (134, [0x30], .malformedOption(offset: 132)),
            (132, [0x03], .missingMetadata(offset: 96)),
            (108, [0xFF, 0xFF, 0xFF, 0xFF], .timestampOutOfRange(offset: 96)),
        ] as [(Int, [UInt8], TraceError)]
    )
    func corruptField(offset: Int, octets: [UInt8], expected: TraceError) {
        #expect(Self.readError(Self.golden(replacing: offset, with: octets)) == expected)
    }

    @Test(
        "comments that break the grammar are named",
        arguments: [
            "From=alice to=bob:-71.3dBm:received",
            "from=alice_to=bob:-71.3dBm:received",
            "from=alice to=bob:-71.3dBm:receive",
            "from=alice to=bob:-71.3dbm:received",
            "from=alice to=bob:-7x.3dBm:received",
            "from=alice to=bob-71.3dBm:received",
            "from=alice to=bob:-71.3dBm:lost:",
            "from=ali,e to=bob:-71.3dBm:lost  ",
            "from=alice to=%4G%b:-71.3dBm:lost",
            "from=alice to=%FF%b:-71.3dBm:lost",
            "from=alice to=bob:-71.3dBm:received,",
            "from=alice to=bob:-71.3dBm:lost%2",
        ]
    )
    func malformedComment(comment: String) {
        guard case .malformedMetadata(offset: 96, let reason) = Self.readError(Self.golden(comment: Array(comment.utf8)))
        else {
            Issue.record("\(comment) was not reported as malformed metadata")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("a comment that is not UTF-8 is malformed metadata")
    func commentNotUTF8() {
        let error = Self.readError(Self.golden(comment: [0xC3, 0x28]))
        #expect(error == .malformedMetadata(offset: 96, reason: "the comment is not UTF-8"))
    }

    @Test("a block too short for its type's fixed fields is named")
    func blockTooShortForType() {
        // A 12-octet Interface Description Block: type, length, length, but no link type (§4.2).
        let bytes = Array(Self.golden[..<48]) + [0x01, 0, 0, 0, 0x0C, 0, 0, 0, 0x0C, 0, 0, 0]
        #expect(Self.readError(bytes) == .invalidBlockLength(offset: 48, length: 12))
    }

    @Test("the hand-built comment helper reproduces the golden file")
    func commentHelper() {
        #expect(Self.golden(comment: Array("from=alice to=bob:-71.3dBm:received".utf8)) == Self.golden)
    }

    @Test("unknown blocks are skipped")
    func unknownBlockSkipped() throws {
        // A block of the experimental type 0x80000001 with a 4-octet body, length 16 (§3.1, §3.2).
        let custom: [UInt8] = [0x01, 0x00, 0x00, 0x80, 0x10, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF, 0x10, 0, 0, 0]
        let bytes = Array(Self.golden[..<96]) + custom + Array(Self.golden[96...])
        #expect(try PcapngReader(bytes: bytes).records == PcapngReader(bytes: Self.golden).records)
    }

    @Test("a second section starts afresh with its own interfaces")
    func twoSections() throws {
        let records = try PcapngReader(bytes: Self.golden + Self.golden).records
        #expect(records.count == 2)
        #expect(records.first == records.last)
        // A packet block in the second section may not use the first section's interface.
        let orphan = Self.golden + Array(Self.golden[..<48]) + Array(Self.golden[96...])
        #expect(Self.readError(orphan) == .unknownInterface(offset: 228, interfaceID: 0))
    }

    @Test("a big-endian section reads like the little-endian one")
    func bigEndianSection() throws {
        // The golden file with every multi-octet field written most significant octet first (§4.1).
        let comment = Array("from=alice to=bob:-71.3dBm:received".utf8)
        let bigEndian: [UInt8] =
            [0x0A, 0x0D, 0x0D, 0x0A, 0x00, 0x00, 0x00, 0x30]
            + [0x1A, 0x2B, 0x3C, 0x4D]                           // byte-order magic, big-endian
            + [0x00, 0x01, 0x00, 0x00]                           // version 1.0
            + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
            + [0x00, 0x04, 0x00, 0x09] + Array("swift-uwb".utf8) + [0, 0, 0]
            + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30]
            + [0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x30]
            + [0x00, 0xC3, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]    // link type 195, reserved, snap length
            + [0x00, 0x02, 0x00, 0x0C] + Array("uwb-emulator".utf8)
            + [0x00, 0x09, 0x00, 0x01, 0x09, 0, 0, 0]
            + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30]
            + [0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x54]
            + [0x00, 0x00, 0x00, 0x00]                           // interface 0
            + [0x00, 0x00, 0x00, 0x00, 0x49, 0x96, 0x02, 0xD2]    // timestamp high, low
            + [0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x05]    // captured and original length
            + PcapngGoldenBytesTests.acknowledgement + [0, 0, 0]
            + [0x00, 0x01, 0x00, 0x23] + comment + [0]
            + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x54]
        #expect(try PcapngReader(bytes: bigEndian).records == PcapngReader(bytes: Self.golden).records)
    }

    @Test("an interface without if_tsresol counts microseconds")
    func defaultResolution() throws {
        // Turn the if_tsresol option (code 9 at offset 80) into an unknown option code 0x7FFF.
        let bytes = Self.golden(replacing: 80, with: [0xFF, 0x7F])
        #expect(try PcapngReader(bytes: bytes).records.map(\.time) == [1_234_567_890 * 1_000_000])
    }

    @Test("error descriptions name the offset and a remedy")
    func descriptions() {
        let error = TraceError.truncated(offset: 96, needed: 8)
        #expect(error.description.contains("offset 96"))
        #expect(error.description.contains("8 more octets"))
    }
}
