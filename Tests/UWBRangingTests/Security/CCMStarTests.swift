import Crypto
import Testing
import UWBCore
@testable import UWBRanging

@Suite("CCM* authentication (IEEE 802.15.4-2006 Annex B) from swift-crypto's AES modes")
struct CCMStarTests {
    static let annexCKey = SymmetricKey(data: [UInt8](0xC0...0xCF))

    @Test("the nonce is the extended address and the frame counter, most significant octet first, then the level (B.4.1)")
    func nonce() {
        #expect(CCMStar.nonce(address: 0xACDE_4800_0000_0001, frameCounter: 5, level: 2)
            == [0xAC, 0xDE, 0x48, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x05, 0x02])
    }

    @Test("the MIC-64 of the Annex C.2.1 secured beacon is the standard's")
    func annexCBeacon() throws {
        let nonce = CCMStar.nonce(address: 0xACDE_4800_0000_0001, frameCounter: 5, level: 2)
        let code = try CCMStar.messageIntegrityCode(
            key: Self.annexCKey, nonce: nonce, authenticating: ArraySlice(annexCBeaconOctets.dropLast(8)), length: 8)
        #expect(code == [0x22, 0x3B, 0xC1, 0xEC, 0x84, 0x1A, 0xB5, 0x53])
    }

    /// MIC-32 and MIC-128 over the same frame and nonce (levels 1 and 3), computed independently
    /// with Python `cryptography` 38's AESCCM (tag lengths 4 and 16, empty message): CCM* is CCM
    /// for these lengths.
    @Test("the MIC-32 and MIC-128 of the same octets are the ones an independent CCM gives")
    func otherLengths() throws {
        let cases: [(level: UInt8, expected: [UInt8])] = [
            (1, [0xC9, 0xED, 0xEC, 0x91]),
            (3, [0x5E, 0x00, 0xB7, 0x18, 0x27, 0x01, 0x8D, 0x20, 0xA9, 0xED, 0x2C, 0xFA, 0x99, 0x1C, 0x89, 0xAC]),
        ]
        for (level, expected) in cases {
            let nonce = CCMStar.nonce(address: 0xACDE_4800_0000_0001, frameCounter: 5, level: level)
            let code = try CCMStar.messageIntegrityCode(
                key: Self.annexCKey, nonce: nonce, authenticating: ArraySlice(annexCBeaconOctets.dropLast(8)),
                length: expected.count)
            #expect(code == expected, "level \(level)")
        }
    }

    @Test("a nonce of the wrong length or a MIC length CCM* does not define is refused")
    func wrongParameters() {
        #expect(throws: (any Error).self) {
            try CCMStar.messageIntegrityCode(key: Self.annexCKey, nonce: [1, 2, 3], authenticating: [], length: 8)
        }
        #expect(throws: (any Error).self) {
            try CCMStar.messageIntegrityCode(
                key: Self.annexCKey, nonce: [UInt8](repeating: 0, count: 13), authenticating: [], length: 6)
        }
    }
}

/// IEEE 802.15.4-2006 Annex C.2.1's secured beacon, without its FCS (see `MACFrameSecurityTests`
/// in UWBCoreTests for its fields).
let annexCBeaconOctets: [UInt8] = [
    0x08, 0xD0, 0x84, 0x21, 0x43, 0x01, 0x00, 0x00, 0x00, 0x00, 0x48, 0xDE, 0xAC,
    0x02, 0x05, 0x00, 0x00, 0x00,
    0x55, 0xCF, 0x00, 0x00, 0x51, 0x52, 0x53, 0x54,
    0x22, 0x3B, 0xC1, 0xEC, 0x84, 0x1A, 0xB5, 0x53,
]
