import Crypto
import Foundation
@testable import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBRanging

@Suite("Sessions: keys from the tokens, secured frames")
struct SecureSessionTests {
    /// Bob's token with its key share replaced by `share`.
    static func bobToken(of pair: SessionPair, share: [UInt8]) throws -> NIDiscoveryToken {
        let content = try #require(pair.bob.discoveryToken).content
        return NIDiscoveryToken(content: DiscoveryTokenContent(
            identifier: content.identifier, shortAddress: content.shortAddress, capabilities: content.capabilities,
            publicKeyShare: share))
    }

    @Test("a peer token without a key share, or with one that is not a point on P-256, is refused at run with invalidConfiguration", arguments: [
        ([UInt8](), "no key share"),
        ([0x02] + [UInt8](repeating: 0xFF, count: 32), "not a compressed point"),
        ([0x04] + [UInt8](repeating: 0x01, count: 64), "not a compressed point"),
        ([UInt8](repeating: 0x03, count: 10), "not a compressed point"),
    ])
    func refusedPeerKey(share: [UInt8], detail: String) throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let token = try Self.bobToken(of: pair, share: share)
        // The token survives archiving as any token does: it is refused when run.
        let archived = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
        let received = try NIDiscoveryToken.unarchived(from: archived)
        pair.alice.run(NINearbyPeerConfiguration(peerToken: received))
        pair.world.advance(by: .milliseconds(500))
        #expect(pair.aliceLog.calls == [.invalidated(.invalidConfiguration)])
        #expect(pair.aliceLog.errors.first?.detail?.contains(detail) == true, "\(pair.aliceLog.errors)")
    }

    @Test("both sides derive the same keys, bound to the two tokens and to the roles")
    func keyAgreement() throws {
        var generator = SeededRandom(seed: 77)
        let capabilities = NIRadioCapability(coherentReceivers: 1)
        let alice = NIDiscoveryToken.makeSession(capabilities: capabilities, using: &generator)
        let bob = NIDiscoveryToken.makeSession(capabilities: capabilities, using: &generator)
        let carol = NIDiscoveryToken.makeSession(capabilities: capabilities, using: &generator)
        let aliceSide = try SessionKeyAgreement.secrets(
            privateKey: alice.privateKey, local: alice.token.content, peer: bob.token.content, role: .initiator)
        let bobSide = try SessionKeyAgreement.secrets(
            privateKey: bob.privateKey, local: bob.token.content, peer: alice.token.content, role: .responder)
        #expect(aliceSide == bobSide)
        #expect(aliceSide.keys.initiatorKey != aliceSide.keys.responderKey)
        #expect(aliceSide.keys.initiatorNonceAddress != aliceSide.keys.responderNonceAddress)
        // The STS key and IV: the same on both sides, independent of the frame keys (another label).
        let sts = aliceSide.secureTimestamps
        #expect(sts.key != sts.initializationVector)
        #expect(![aliceSide.keys.initiatorKey, aliceSide.keys.responderKey].contains(sts.key.octets))
        #expect(sts.mode == .afterFrameDelimiter && sts.length == .symbols64)
        // Another peer, or the roles the other way round, gives other keys.
        let withCarol = try SessionKeyAgreement.secrets(
            privateKey: alice.privateKey, local: alice.token.content, peer: carol.token.content, role: .initiator)
        let swapped = try SessionKeyAgreement.secrets(
            privateKey: alice.privateKey, local: alice.token.content, peer: bob.token.content, role: .responder)
        #expect(withCarol.keys.initiatorKey != aliceSide.keys.initiatorKey && withCarol.keys.responderKey != aliceSide.keys.responderKey)
        #expect(swapped.keys.initiatorKey != aliceSide.keys.initiatorKey && swapped.keys.initiatorKey != aliceSide.keys.responderKey)
        #expect(withCarol.secureTimestamps != sts && swapped.secureTimestamps != sts)
        // The same tokens with another key share (a token whose share was swapped) agree on nothing.
        let forged = DiscoveryTokenContent(
            identifier: bob.token.content.identifier, shortAddress: bob.token.content.shortAddress,
            capabilities: capabilities, publicKeyShare: carol.token.content.publicKeyShare)
        let fooled = try SessionKeyAgreement.secrets(privateKey: alice.privateKey, local: alice.token.content, peer: forged, role: .initiator)
        #expect(fooled != bobSide)
    }

    @Test("a session ranges with secured frames and drops none of its peer's")
    func securedRanging() throws {
        let pair = try SessionPair.ranging()
        #expect(pair.aliceLog.distances.count >= 15 && pair.bobLog.distances.count >= 15)
        #expect(pair.aliceLog.distances.suffix(10).allSatisfy { abs($0 - 4) < 0.15 })
        for name in ["alice", "bob"] {
            let rejected = try pair.world.service(name).rejectedFrames
            #expect(rejected.filter { $0.key != .malformed }.isEmpty, "\(name): \(rejected)")
        }
    }

    @Test("counters go on across pause and run: after a short pause the peer accepts every frame, none as a replay")
    func countersAcrossPause() throws {
        let pair = try SessionPair.ranging()
        for _ in 0..<3 {
            pair.alice.pause()
            pair.world.advance(by: .milliseconds(500))
            pair.alice.run(try #require(pair.alice.configuration))
            let before = pair.bobLog.distances.count
            pair.world.advance(by: .seconds(1))
            #expect(pair.bobLog.distances.count - before >= 7, "Bob measures Alice again after she runs")
        }
        #expect(try pair.world.service("bob").rejectedFrames[.replayed] == nil)
        #expect(try pair.world.service("alice").rejectedFrames[.replayed] == nil)
    }

    @Test("an invalidated session's key is retired: its protection can never be made again")
    func retiredKeys() throws {
        var ledger = TokenLedger(seed: 5)
        let capabilities = NIRadioCapability(coherentReceivers: 1)
        let token = ledger.issue(capabilities: capabilities)
        var generator = SeededRandom(seed: 6)
        let peer = NIDiscoveryToken.makeForNewSession(capabilities: capabilities, using: &generator)
        let first = try ledger.protection(of: token, with: peer, role: .initiator).protection
        #expect(try ledger.protection(of: token, with: peer, role: .initiator).protection === first, "kept for the next run")
        ledger.retire(token.content.identifier)
        #expect(throws: NIError.self) { try ledger.protection(of: token, with: peer, role: .initiator) }
        #expect(ledger.contains(token.content.identifier), "still known as issued, so never run as a peer")
    }
}
