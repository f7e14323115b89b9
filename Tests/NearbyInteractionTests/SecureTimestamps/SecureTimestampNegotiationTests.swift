import Foundation
import Testing
import UWBCore
import UWBRanging
@testable import NearbyInteraction

/// What two tokens say about secure timestamps (STS): the capability bit, which pairs range with
/// an STS, and the channel a mixed DW1000/DW3000 pair must use. Pure: no radio.
@Suite("Secure timestamps: tokens, capabilities and the pairing's plan")
struct SecureTimestampNegotiationTests {
    static func board(_ id: String) throws -> BoardDescription {
        try BoardCatalog.board(named: id, searchPaths: [])
    }

    static func token(_ capabilities: NIRadioCapability, seed: UInt64) -> (token: NIDiscoveryToken, content: DiscoveryTokenContent) {
        var generator = SeededRandom(seed: seed)
        let token = NIDiscoveryToken.makeSession(capabilities: capabilities, using: &generator).token
        return (token, token.content)
    }

    @Test("capabilities follow the board: a DW3220 measures a horizontal angle, DW3000 boards have an STS", arguments: [
        ("ft232h-dw1000-single", true, false, false), ("ft232h-dw1000-dual", true, true, false),
        ("ft232h-dwm3000-single", true, false, true), ("ft232h-dw3220-pdoa", true, true, true),
    ])
    func capabilities(board: String, distance: Bool, angle: Bool, sts: Bool) throws {
        let capability = NIRadioCapability(board: try Self.board(board))
        #expect(capability.supportsPreciseDistanceMeasurement == distance)
        #expect(capability.supportsHorizontalAngleMeasurement == angle)
        #expect(!capability.supportsDirectionMeasurement)
        #expect(capability.supportsSecureTimestamps == sts)
    }

    @Test("the STS bit travels in the token (capability bit 3) and DW1000 tokens are unchanged")
    func tokenBit() throws {
        let dw3220 = NIRadioCapability(board: try Self.board("ft232h-dw3220-pdoa"))
        let sts = Self.token(dw3220, seed: 5).content
        #expect(sts.encoded[20] == 0b1011)
        let decoded = try DiscoveryTokenContent(decoding: sts.encoded)
        #expect(decoded.capabilities.supportsSecureTimestamps && decoded == sts)
        let archived = try NSKeyedArchiver.archivedData(withRootObject: Self.token(dw3220, seed: 5).token, requiringSecureCoding: true)
        #expect(try NIDiscoveryToken.unarchived(from: archived).content.capabilities.supportsSecureTimestamps)
        // A DW1000 token keeps the octet it always had (bit 3 was reserved, 0): old archives decode alike.
        let plain = Self.token(NIRadioCapability(coherentReceivers: 2), seed: 5).content
        #expect(plain.encoded[20] == 0b0011)
        #expect(!(try DiscoveryTokenContent(decoding: plain.encoded)).capabilities.supportsSecureTimestamps)
    }

    @Test("two STS radios range with one; a DW1000 peer or a DW1000 here means none", arguments: [
        (true, true, true, false), (true, false, false, true), (false, true, false, true), (false, false, false, false),
    ])
    func plan(local: Bool, peer: Bool, usesSTS: Bool, mixed: Bool) throws {
        let a = Self.token(NIRadioCapability(coherentReceivers: 1, secureTimestamps: local), seed: 1).content
        let b = Self.token(NIRadioCapability(coherentReceivers: 1, secureTimestamps: peer), seed: 2).content
        let pairing = try #require(SessionPairing(local: a, peer: b))
        #expect(pairing.usesSecureTimestamps == usesSTS && pairing.isMixedPair == mixed)
        #expect(pairing.secureTimestamps == nil)
    }

    @Test("a mixed pair must be on channel 5; a DW3000 pair may use 5 or 9")
    func channels() throws {
        let dw3000 = NIRadioCapability(coherentReceivers: 1, secureTimestamps: true)
        let dw1000 = NIRadioCapability(coherentReceivers: 1)
        let mixed = try #require(SessionPairing(local: Self.token(dw3000, seed: 1).content, peer: Self.token(dw1000, seed: 2).content))
        try mixed.check(channel: .five)
        let error = #expect(throws: NIError.self) { try mixed.check(channel: .nine) }
        #expect(error?.code == .incompatiblePeerDevice)
        #expect(error?.detail?.contains("channel 5") == true)
        let both = try #require(SessionPairing(local: Self.token(dw3000, seed: 1).content, peer: Self.token(dw3000, seed: 2).content))
        try both.check(channel: .five)
        try both.check(channel: .nine)
    }

    @Test("securing a pairing gives both sides the same STS, derived from the tokens' key agreement, only for two STS radios")
    func securedSTS() throws {
        let dw3000 = NIRadioCapability(coherentReceivers: 2, secureTimestamps: true)
        var generator = SeededRandom(seed: 9)
        let alice = NIDiscoveryToken.makeSession(capabilities: dw3000, using: &generator)
        let bob = NIDiscoveryToken.makeSession(capabilities: dw3000, using: &generator)
        let aliceSide = try #require(SessionPairing(local: alice.token.content, peer: bob.token.content))
        let bobSide = try #require(SessionPairing(local: bob.token.content, peer: alice.token.content))
        let aliceSecrets = try SessionKeyAgreement.secrets(
            privateKey: alice.privateKey, local: alice.token.content, peer: bob.token.content, role: aliceSide.role)
        let bobSecrets = try SessionKeyAgreement.secrets(
            privateKey: bob.privateKey, local: bob.token.content, peer: alice.token.content, role: bobSide.role)
        let securedAlice = aliceSide.secured(by: LinkProtection(keys: aliceSecrets.keys, role: aliceSide.role), secureTimestamps: aliceSecrets.secureTimestamps)
        let securedBob = bobSide.secured(by: LinkProtection(keys: bobSecrets.keys, role: bobSide.role), secureTimestamps: bobSecrets.secureTimestamps)
        let sts = securedAlice.secureTimestamps
        #expect(sts != nil)
        #expect(securedBob.secureTimestamps == sts)
        // A DW1000 peer: the same derivation, but the pairing ranges without an STS.
        let carol = NIDiscoveryToken.makeSession(capabilities: NIRadioCapability(coherentReceivers: 1), using: &generator)
        let mixed = try #require(SessionPairing(local: alice.token.content, peer: carol.token.content))
        let mixedSecrets = try SessionKeyAgreement.secrets(
            privateKey: alice.privateKey, local: alice.token.content, peer: carol.token.content, role: mixed.role)
        #expect(mixed.secured(by: LinkProtection(keys: mixedSecrets.keys, role: mixed.role), secureTimestamps: mixedSecrets.secureTimestamps)
            .secureTimestamps == nil)
    }
}
