import Testing
import UWBCore

/// The Decawave poll header (frame control 0x8841, sequence 0, PAN 0xDECA, 0x4157 <- 0x4556).
private let pollHeader: [UInt8] = [0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45]

/// A poll data frame whose whole length on the air, FCS included, is `frameLength`.
private func poll(frameLength: Int) -> MACFrame {
    MACFrame(
        dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(0x4556), to: .short(0x4157), sequenceNumber: 0,
        payload: Array(repeating: 0x5A, count: frameLength - pollHeader.count - 2)
    )
}

@Suite("MAC frame rejections")
struct MACFrameRejectionTests {
    // MARK: Truncation

    @Test("empty input is a truncated frame control field")
    func emptyInput() {
        #expect(throws: MACFrameError.truncated(field: .frameControl, needed: 2, present: 0)) {
            try MACFrame(decoding: [])
        }
    }

    @Test("truncation names the field that ran out", arguments: [
        ([0x41], MACFrameError.truncated(field: .frameControl, needed: 2, present: 1)),
        ([0x41, 0x88], .truncated(field: .sequenceNumber, needed: 1, present: 0)),
        ([0x41, 0x88, 0x00, 0xCA], .truncated(field: .destinationPANIdentifier, needed: 2, present: 1)),
        ([0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57], .truncated(field: .destinationAddress, needed: 2, present: 1)),
        ([0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56], .truncated(field: .sourceAddress, needed: 2, present: 1)),
        // Frame control 0x8801: short addresses, no compression, so a source PAN follows.
        ([0x01, 0x88, 0x00, 0x34, 0x12, 0x01, 0x00, 0xCD], .truncated(field: .sourcePANIdentifier, needed: 2, present: 1)),
        // Frame control 0xDC21: extended destination, 3 of its 8 octets present.
        ([0x21, 0xDC, 0x05, 0x34, 0x12, 0x77, 0x66, 0x55], .truncated(field: .destinationAddress, needed: 8, present: 3)),
    ] as [([UInt8], MACFrameError)])
    func truncatedWithoutFCS(bytes: [UInt8], error: MACFrameError) {
        #expect(throws: error) { try MACFrame(decoding: bytes, fcs: .absent) }
    }

    @Test("a frame too short for its FCS is a truncated FCS", arguments: [FCSHandling.verify, .ignore])
    func truncatedFCS(handling: FCSHandling) {
        #expect(throws: MACFrameError.truncated(field: .frameCheckSequence, needed: 2, present: 0)) {
            try MACFrame(decoding: [0x02, 0x00, 0x07], fcs: handling)
        }
        #expect(throws: MACFrameError.truncated(field: .frameCheckSequence, needed: 2, present: 1)) {
            try MACFrame(decoding: [0x02, 0x00, 0x07, 0x07], fcs: handling)
        }
    }

    @Test("a header cut short before a valid FCS names the header field")
    func truncatedHeaderBeforeFCS() {
        // FCS 0x0AF9 of 41 88 00 CA DE from crcmod.
        #expect(throws: MACFrameError.truncated(field: .destinationAddress, needed: 2, present: 0)) {
            try MACFrame(decoding: [0x41, 0x88, 0x00, 0xCA, 0xDE, 0xF9, 0x0A])
        }
    }

    @Test("truncation messages name the field and the octet counts")
    func truncationDescription() {
        let message = MACFrameError.truncated(field: .destinationPANIdentifier, needed: 2, present: 1).description
        #expect(message.contains("destination PAN identifier"))
        #expect(message.contains("needs 2 octets"))
        #expect(message.contains("only 1 is present"))
    }

    // MARK: Length

    @Test("128 octets exceed the standard PHR but fit the extended one")
    func standardPHRLimit() throws {
        let frame = poll(frameLength: 128)
        #expect(throws: MACFrameError.frameTooLong(length: 128, maximum: 127, phrMode: .standard)) {
            try frame.encoded()
        }
        #expect(throws: MACFrameError.frameTooLong(length: 128, maximum: 127, phrMode: .standard)) {
            try frame.encoded(includingFCS: false)
        }
        let wire = try frame.encoded(phrMode: .extended)
        #expect(wire.count == 128)
        #expect(throws: MACFrameError.frameTooLong(length: 128, maximum: 127, phrMode: .standard)) {
            try MACFrame(decoding: wire)
        }
        #expect(try MACFrame(decoding: wire, phrMode: .extended) == frame)
        #expect(try poll(frameLength: 127).encoded().count == 127)
    }

    @Test("without FCS octets the length is still counted with the FCS")
    func lengthCountsAbsentFCS() throws {
        let mpdu = try poll(frameLength: 128).encoded(phrMode: .extended, includingFCS: false)
        #expect(mpdu.count == 126)
        #expect(throws: MACFrameError.frameTooLong(length: 128, maximum: 127, phrMode: .standard)) {
            try MACFrame(decoding: mpdu, fcs: .absent)
        }
    }

    @Test("1024 octets exceed the extended PHR")
    func extendedPHRLimit() throws {
        let error = MACFrameError.frameTooLong(length: 1024, maximum: 1023, phrMode: .extended)
        #expect(throws: error) { try poll(frameLength: 1024).encoded(phrMode: .extended) }
        #expect(throws: error) {
            try MACFrame(decoding: Array(repeating: 0, count: 1024), phrMode: .extended, fcs: .ignore)
        }
        #expect(try poll(frameLength: 1023).encoded(phrMode: .extended).count == 1023)
    }

    @Test("the too-long message suggests the extended PHR only where it would help")
    func tooLongDescription() {
        let standard = MACFrameError.frameTooLong(length: 128, maximum: 127, phrMode: .standard).description
        #expect(standard.contains("128"))
        #expect(standard.contains("standard PHR"))
        #expect(standard.contains("PHRMode.extended"))
        let extended = MACFrameError.frameTooLong(length: 1024, maximum: 1023, phrMode: .extended).description
        #expect(extended.contains("1024"))
        #expect(!extended.contains("PHRMode.extended"))
    }

    // MARK: FCS

    @Test("a wrong FCS is rejected with both values, and skipped with .ignore")
    func badFCS() throws {
        let wire: [UInt8] = pollHeader + [0x21, 0xB1, 0x01]
        #expect(throws: MACFrameError.fcsMismatch(received: 0x01B1, computed: 0x00B1)) {
            try MACFrame(decoding: wire)
        }
        let message = MACFrameError.fcsMismatch(received: 0x01B1, computed: 0x00B1).description
        #expect(message.contains("0x01B1") && message.contains("0x00B1"))
        #expect(try MACFrame(decoding: wire, fcs: .ignore).payload == [0x21])
    }

    @Test("the FCS is checked before the header is interpreted")
    func fcsCheckedFirst() {
        // Reserved frame type 7 with a wrong FCS: the corruption is what gets reported.
        #expect(throws: MACFrameError.fcsMismatch(received: 0x0000, computed: FrameCheckSequence.compute([0x47, 0x88, 0x00]))) {
            try MACFrame(decoding: [0x47, 0x88, 0x00, 0x00, 0x00])
        }
    }

    // MARK: Frame control

    @Test("reserved frame types are rejected", arguments: UInt8(4)...7)
    func reservedFrameType(type: UInt8) {
        #expect(throws: MACFrameError.reservedFrameType(type)) {
            try MACFrame(decoding: [0x40 | type, 0x88] + pollHeader.dropFirst(2) + [0x21], fcs: .absent)
        }
        #expect(MACFrameError.reservedFrameType(type).description.contains("type \(type)"))
    }

    @Test("addressing mode 1 is rejected")
    func reservedAddressingMode() {
        // Frame control 0x8441: destination mode 1.
        #expect(throws: MACFrameError.reservedAddressingMode(.destinationAddress)) {
            try MACFrame(decoding: [0x41, 0x84, 0x00, 0xCA, 0xDE], fcs: .absent)
        }
        // Frame control 0x4841: source mode 1.
        #expect(throws: MACFrameError.reservedAddressingMode(.sourceAddress)) {
            try MACFrame(decoding: [0x41, 0x48, 0x00, 0xCA, 0xDE], fcs: .absent)
        }
        #expect(MACFrameError.reservedAddressingMode(.sourceAddress).description.contains("source address"))
    }

    @Test("the security bit on a version 0 frame (the 2003 security format) is rejected, saying to use version 1")
    func securityEnabledOnVersion0() {
        #expect(throws: MACFrameError.securityNeedsFrameVersion2006) {
            try MACFrame(decoding: [0x49, 0x88] + pollHeader.dropFirst(2) + [0x21], fcs: .absent)
        }
        #expect(MACFrameError.securityNeedsFrameVersion2006.description.contains("frame version 1"))
    }

    @Test("frame versions 2 and 3 are rejected", arguments: [UInt8(2), 3])
    func unsupportedVersion(version: UInt8) {
        let frameControlHigh = 0x88 | version << 4
        #expect(throws: MACFrameError.unsupportedFrameVersion(version)) {
            try MACFrame(decoding: [0x41, frameControlHigh] + pollHeader.dropFirst(2) + [0x21], fcs: .absent)
        }
        #expect(MACFrameError.unsupportedFrameVersion(version).description.contains("version \(version)"))
    }

    @Test("reserved frame control bits are rejected")
    func reservedBits() {
        #expect(throws: MACFrameError.reservedFrameControlBits(0x0080)) {
            try MACFrame(decoding: [0xC1, 0x88] + pollHeader.dropFirst(2), fcs: .absent)
        }
    }

    // MARK: Consistency

    @Test("PAN ID compression without both addresses is rejected", arguments: [
        // 0x0841: destination only; 0x8041: source only; 0x0042: acknowledgement with the bit set.
        [0x41, 0x08, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x21],
        [0x41, 0x80, 0x00, 0xCA, 0xDE, 0x56, 0x45, 0x21],
        [0x42, 0x00, 0x00],
    ] as [[UInt8]])
    func compressionWithoutBothAddresses(bytes: [UInt8]) {
        #expect(throws: MACFrameError.panIDCompressionWithoutBothAddresses) {
            try MACFrame(decoding: bytes, fcs: .absent)
        }
    }

    @Test("equal PANs sent uncompressed are rejected, since they would not re-encode the same")
    func uncompressedEqualPANs() {
        #expect(throws: MACFrameError.uncompressedEqualPANIdentifiers(PANIdentifier(rawValue: 0xDECA))) {
            try MACFrame(decoding: [0x01, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0xCA, 0xDE, 0x56, 0x45], fcs: .absent)
        }
        #expect(MACFrameError.uncompressedEqualPANIdentifiers(PANIdentifier(rawValue: 0xDECA)).description.contains("0xDECA"))
    }

    @Test("acknowledgements with addresses or a payload are rejected, decoded or built")
    func acknowledgementWithContent() {
        #expect(throws: MACFrameError.acknowledgementWithAddressesOrPayload) {
            try MACFrame(decoding: [0x02, 0x00, 0x07, 0xFF], fcs: .absent)
        }
        #expect(throws: MACFrameError.acknowledgementWithAddressesOrPayload) {
            try MACFrame(decoding: [0x02, 0x08, 0x07, 0xCA, 0xDE, 0x57, 0x41], fcs: .absent)
        }
        #expect(throws: MACFrameError.acknowledgementWithAddressesOrPayload) {
            try MACFrame(frameType: .acknowledgement, sequenceNumber: 1, destination: nil, source: endpoint(1, .short(2)))
        }
    }
}
