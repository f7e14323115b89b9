import Foundation
import UWBCore
@testable import NearbyInteraction
import Testing

@Suite("NIDiscoveryToken")
struct NIDiscoveryTokenTests {
    @Test("archives and unarchives with secure coding, as iOS code does")
    func secureCodingRoundTrip() throws {
        for receivers in [0, 1, 2, 3] {
            let token = ArchiveFixtures.token(seed: UInt64(receivers), receivers: receivers)
            let data = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
            let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data))
            #expect(decoded == token)
            #expect(decoded !== token)
            #expect(decoded.hash == token.hash)
            let capabilities = try #require(decoded.deviceCapabilities as? NIRadioCapability)
            #expect(capabilities == NIRadioCapability(coherentReceivers: receivers))
            #expect(try NIDiscoveryToken.unarchived(from: data) == token)
            #expect(data.count < NIArchiveError.maximumArchiveLength)
        }
    }

    @Test("equality and hashing follow the content")
    func equalityByContent() throws {
        let first = ArchiveFixtures.token(seed: 7)
        let same = ArchiveFixtures.token(seed: 7)
        let other = ArchiveFixtures.token(seed: 8)
        #expect(first == same)
        #expect(first !== same)
        #expect(first.isEqual(same))
        #expect(first.hash == same.hash)
        #expect(first.hashValue == same.hashValue)
        #expect(first != other)
        #expect(!first.isEqual("a string"))
        #expect(!first.isEqual(nil))
        #expect(Set([first, same, other]).count == 2)
        #expect((first.copy() as? NIDiscoveryToken) == first)
    }

    @Test("two new tokens differ")
    func newTokensDiffer() {
        let capabilities = NIRadioCapability(coherentReceivers: 1)
        let tokens = (0..<64).map { _ in NIDiscoveryToken.makeForNewSession(capabilities: capabilities) }
        #expect(Set(tokens).count == tokens.count)
        #expect(Set(tokens.map(\.content.identifier)).count == tokens.count)
    }

    @Test("a token is its random identifier, random address, capabilities and fresh key share: nothing stable")
    func noStableIdentifier() throws {
        let capabilities = NIRadioCapability(coherentReceivers: 3)
        let tokens = (0..<256).map { _ in NIDiscoveryToken.makeForNewSession(capabilities: capabilities) }
        // Rebuilding one session's token from another's capabilities plus its own identifier,
        // address and key share gives it back exactly: nothing else is in a token.
        for (first, second) in zip(tokens, tokens.dropFirst()) {
            let rebuilt = NIDiscoveryToken(content: DiscoveryTokenContent(
                identifier: second.content.identifier,
                shortAddress: second.content.shortAddress,
                capabilities: first.content.capabilities,
                publicKeyShare: second.content.publicKeyShare
            ))
            #expect(rebuilt == second)
            // Archives are byte-stable (StableArchiveTests), so equal content archives to the same octets.
            #expect(try ArchiveFixtures.archive(rebuilt) == ArchiveFixtures.archive(second))
        }
        // Every identifier octet and the address vary across sessions.
        for offset in 0..<TokenIdentifier.length {
            #expect(Set(tokens.map { $0.content.identifier.octets[offset] }).count > 64)
        }
        #expect(Set(tokens.map(\.content.shortAddress)).count > 200)
        // Every session has its own key pair: 33-octet compressed points, all different.
        #expect(Set(tokens.map(\.content.publicKeyShare)).count == tokens.count)
        #expect(tokens.allSatisfy { $0.content.publicKeyShare.count == 33 && [2, 3].contains($0.content.publicKeyShare[0]) })
        #expect(tokens.allSatisfy { DiscoveryTokenContent.isUsableShortAddress($0.content.shortAddress) })
    }

    @Test("the factory is deterministic for a seeded generator and avoids reserved addresses")
    func seededFactory() {
        #expect(ArchiveFixtures.token(seed: 42) == ArchiveFixtures.token(seed: 42))
        for seed in UInt64(0)..<2000 {
            #expect(DiscoveryTokenContent.isUsableShortAddress(ArchiveFixtures.token(seed: seed).content.shortAddress))
        }
        #expect(!DiscoveryTokenContent.isUsableShortAddress(0xFFFF))
        #expect(!DiscoveryTokenContent.isUsableShortAddress(0xFFFE))
        #expect(DiscoveryTokenContent.isUsableShortAddress(0x0000))
    }

    @Test("the version-2 payload has the documented layout, its key share last")
    func payloadLayout() {
        let token = ArchiveFixtures.token(seed: 3, receivers: 2)
        let bytes = token.content.encoded
        #expect(bytes.count == 24 + 33)
        #expect(bytes[0] == 2)
        #expect(bytes[1] == 0)
        #expect(Array(bytes[2..<18]) == token.content.identifier.octets)
        #expect(UInt16(bytes[18]) | UInt16(bytes[19]) << 8 == token.content.shortAddress)
        #expect(bytes[20] == 0b011)
        #expect(Array(bytes[21..<24]) == [0, 33, 0])
        #expect(Array(bytes[24...]) == token.content.publicKeyShare)
        #expect(ArchiveFixtures.tokenPayload(capabilities: 0b011).count == 24 + 33)
    }

    @Test("a version 1 token (no key share) still decodes, so that run can say why it is refused")
    func keylessVersion() throws {
        let data = ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: ArchiveFixtures.tokenPayload(version: 1, keyShare: []))
        let token = try NIDiscoveryToken.unarchived(from: data)
        #expect(token.content.publicKeyShare.isEmpty)
        #expect(token.content.encoded == ArchiveFixtures.tokenPayload(version: 1, keyShare: []))
    }

    @Test("malformed content is rejected by both unarchivers", arguments: [
        (ArchiveFixtures.tokenPayload(version: 3), NIArchiveError.unsupportedVersion(3, type: "discovery token")),
        (ArchiveFixtures.tokenPayload(version: 0), .unsupportedVersion(0, type: "discovery token")),
        (ArchiveFixtures.tokenPayload(octet1: 0x80), .reservedBitsSet(field: "token octet 1", value: 0x80)),
        (ArchiveFixtures.tokenPayload(capabilities: 0b1000_0111), .reservedBitsSet(field: "token capabilities", value: 0b1000_0111)),
        (ArchiveFixtures.tokenPayload(capabilities: 0b0001_1001), .reservedBitsSet(field: "token capabilities", value: 0b0001_1001)),
        (ArchiveFixtures.tokenPayload(octet21: 1), .reservedBitsSet(field: "token octet 21", value: 1)),
        (ArchiveFixtures.tokenPayload(trailing: [0]), .trailingBytes(count: 1)),
        (Array(ArchiveFixtures.tokenPayload().prefix(10)), .truncated(field: "token identifier", needed: 16, present: 8)),
        ([], .truncated(field: "token format version", needed: 1, present: 0)),
    ])
    func malformedContent(payload: [UInt8], expected: NIArchiveError) throws {
        let data = ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: payload)
        #expect(throws: expected) { try NIDiscoveryToken.unarchived(from: data) }
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) }
    }

    @Test("invalid values are rejected", arguments: [
        ArchiveFixtures.tokenPayload(address: 0xFFFF),
        ArchiveFixtures.tokenPayload(address: 0xFFFE),
        ArchiveFixtures.tokenPayload(capabilities: 0b100),
        ArchiveFixtures.tokenPayload(capabilities: 0b010),
        ArchiveFixtures.tokenPayload(capabilities: 0b101),
        ArchiveFixtures.tokenPayload(capabilities: 0b1000),
        ArchiveFixtures.tokenPayload(version: 1, keyShare: Array(repeating: 7, count: 33)),
        ArchiveFixtures.tokenPayload(keyShare: []),
        ArchiveFixtures.tokenPayload(keyShare: Array(repeating: 7, count: 66)),
    ])
    func invalidValues(payload: [UInt8]) throws {
        let data = ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: payload)
        #expect {
            try NIDiscoveryToken.unarchived(from: data)
        } throws: { error in
            if case .invalidValue = error as? NIArchiveError { return true }
            return false
        }
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) }
    }

    @Test("a forged archive with valid content decodes like a real one")
    func forgedValid() throws {
        let data = ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: ArchiveFixtures.tokenPayload())
        let checked = try NIDiscoveryToken.unarchived(from: data)
        let foundation = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data))
        #expect(checked == foundation)
        #expect(checked.content.shortAddress == 0x1234)
    }
}
