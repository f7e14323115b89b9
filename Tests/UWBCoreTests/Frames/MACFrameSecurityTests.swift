import Testing
import UWBCore

/// The secured MAC data frame of IEEE 802.15.4-2006 Annex C.2.1 (a beacon frame at security
/// level 2, MIC-64, key identifier mode 0, frame counter 5), as the standard prints it without
/// its FCS; its MIC was checked independently with Python `cryptography` 38's AESCCM (tag length
/// 8) from the key C0…CF and the nonce AC DE 48 00 00 00 00 01 | 00 00 00 05 | 02.
let annexCBeacon: [UInt8] = [
    0x08, 0xD0, 0x84, 0x21, 0x43, 0x01, 0x00, 0x00, 0x00, 0x00, 0x48, 0xDE, 0xAC,
    0x02, 0x05, 0x00, 0x00, 0x00,
    0x55, 0xCF, 0x00, 0x00, 0x51, 0x52, 0x53, 0x54,
    0x22, 0x3B, 0xC1, 0xEC, 0x84, 0x1A, 0xB5, 0x53,
]

@Suite("MAC frame security fields (IEEE 802.15.4-2006 §7.6.2)")
struct MACFrameSecurityTests {
    @Test("the Annex C.2.1 secured beacon decodes into its auxiliary security header, payload and MIC, and re-encodes to the same octets")
    func annexCBeaconDecodes() throws {
        let frame = try MACFrame(decoding: annexCBeacon, fcs: .absent)
        #expect(frame.frameType == .beacon)
        #expect(frame.frameVersion == .ieee2006)
        #expect(frame.sequenceNumber == 0x84)
        #expect(frame.source == MACEndpoint(pan: PANIdentifier(rawValue: 0x4321), address: .extended(0xACDE_4800_0000_0001)))
        let security = try #require(frame.security)
        #expect(security.header == AuxiliarySecurityHeader(securityLevel: .mic64, frameCounter: 5, keyIdentifier: .implicit))
        #expect(security.header.securityControl == 0x02)
        #expect(frame.payload == [0x55, 0xCF, 0x00, 0x00, 0x51, 0x52, 0x53, 0x54])
        #expect(security.messageIntegrityCode == [0x22, 0x3B, 0xC1, 0xEC, 0x84, 0x1A, 0xB5, 0x53])
        #expect(frame.octetsBeforeMIC() == Array(annexCBeacon.dropLast(8)))
        #expect(try frame.encoded(includingFCS: false) == annexCBeacon)
    }

    @Test("each key identifier mode writes its fields after the counter, low octet first, and reads back", arguments: [
        (MACKeyIdentifier.implicit, [UInt8]()),
        (.index(0x07), [0x07]),
        (.shortSource(0x1122_3344, index: 0x05), [0x44, 0x33, 0x22, 0x11, 0x05]),
        (.longSource(0x0102_0304_0506_0708, index: 0xFF), [0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0xFF]),
    ])
    func keyIdentifierModes(key: MACKeyIdentifier, octets: [UInt8]) throws {
        let header = AuxiliarySecurityHeader(securityLevel: .mic32, frameCounter: 0x0A0B_0C0D, keyIdentifier: key)
        #expect(header.octets == [0x01 | key.mode << 3, 0x0D, 0x0C, 0x0B, 0x0A] + octets)
        let frame = MACFrame(
            dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(0x1234), to: .short(0x5678), sequenceNumber: 9,
            payload: [0xAA, 0xBB], security: try MACFrameSecurity(header: header, messageIntegrityCode: [1, 2, 3, 4]))
        #expect(frame.frameVersion == .ieee2006)
        #expect(frame.frameControl.securityEnabled)
        let wire = try frame.encoded()
        #expect(try MACFrame(decoding: wire) == frame)
    }

    @Test("every security level gives its MIC length and encryption (Table 95)")
    func securityLevels() {
        #expect(MACSecurityLevel.allCases.map(\.messageIntegrityCodeLength) == [0, 4, 8, 16, 0, 4, 8, 16])
        #expect(MACSecurityLevel.allCases.map(\.isEncrypted) == [false, false, false, false, true, true, true, true])
    }

    @Test("reserved security control bits are refused, naming them")
    func reservedSecurityControlBits() {
        var bytes = annexCBeacon
        bytes[13] |= 0x20
        #expect(throws: MACFrameError.reservedSecurityControlBits(0x20)) { try MACFrame(decoding: bytes, fcs: .absent) }
        #expect(MACFrameError.reservedSecurityControlBits(0x20).description.contains("0x20"))
    }

    @Test("a secured frame cut inside its auxiliary security header or its MIC is refused, naming the field")
    func truncated() {
        #expect(throws: MACFrameError.truncated(field: .frameCounter, needed: 4, present: 2)) {
            try MACFrame(decoding: Array(annexCBeacon.prefix(16)), fcs: .absent)
        }
        #expect(throws: MACFrameError.truncated(field: .messageIntegrityCode, needed: 8, present: 5)) {
            try MACFrame(decoding: Array(annexCBeacon.prefix(23)), fcs: .absent)
        }
    }

    @Test("a MIC of the wrong length for its level, a secured acknowledgement and a secured version 0 frame cannot be built")
    func inconsistentSecurity() throws {
        let header = AuxiliarySecurityHeader(securityLevel: .mic64, frameCounter: 1, keyIdentifier: .index(1))
        #expect(throws: MACFrameError.wrongMICLength(level: .mic64, present: 4)) {
            try MACFrameSecurity(header: header, messageIntegrityCode: [1, 2, 3, 4])
        }
        let security = try MACFrameSecurity(header: header, messageIntegrityCode: [UInt8](repeating: 0, count: 8))
        #expect(throws: MACFrameError.securedAcknowledgement) {
            try MACFrame(frameType: .acknowledgement, sequenceNumber: 1, destination: nil, source: nil,
                         frameVersion: .ieee2006, security: security)
        }
        #expect(throws: MACFrameError.securityNeedsFrameVersion2006) {
            try MACFrame(frameType: .data, sequenceNumber: 1, destination: nil,
                         source: MACEndpoint(pan: PANIdentifier(rawValue: 1), address: .short(2)), security: security)
        }
    }
}
