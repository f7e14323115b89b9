import Foundation
@testable import NearbyInteraction
import Testing

@Suite("NINearbyPeerConfiguration")
struct NINearbyPeerConfigurationTests {
    let token = ArchiveFixtures.token(seed: 21, receivers: 1)

    @Test("keeps the peer token as given")
    func keepsToken() {
        let configuration = NINearbyPeerConfiguration(peerToken: token)
        #expect(configuration.peerDiscoveryToken === token)
        #expect(!configuration.isCameraAssistanceEnabled)
        #expect(!configuration.isExtendedDistanceMeasurementEnabled)
    }

    @Test("copies are independent")
    func copying() throws {
        let configuration = NINearbyPeerConfiguration(peerToken: token)
        configuration.isExtendedDistanceMeasurementEnabled = true
        let copy = try #require(configuration.copy() as? NINearbyPeerConfiguration)
        #expect(copy !== configuration)
        #expect(copy.peerDiscoveryToken == token)
        #expect(copy.isExtendedDistanceMeasurementEnabled)
        copy.isCameraAssistanceEnabled = true
        copy.isExtendedDistanceMeasurementEnabled = false
        #expect(!configuration.isCameraAssistanceEnabled)
        #expect(configuration.isExtendedDistanceMeasurementEnabled)
        let base: NIConfiguration = configuration
        #expect(base.copy() is NINearbyPeerConfiguration)
    }

    @Test("archives with secure coding, also as the base class", arguments: [(false, false), (true, false), (false, true), (true, true)])
    func archiving(camera: Bool, extended: Bool) throws {
        let configuration = NINearbyPeerConfiguration(peerToken: token)
        configuration.isCameraAssistanceEnabled = camera
        configuration.isExtendedDistanceMeasurementEnabled = extended
        let data = try NSKeyedArchiver.archivedData(withRootObject: configuration, requiringSecureCoding: true)
        let base = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIConfiguration.self, from: data))
        for decoded in [
            try #require(base as? NINearbyPeerConfiguration),
            try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NINearbyPeerConfiguration.self, from: data)),
            try NINearbyPeerConfiguration.unarchived(from: data),
        ] {
            #expect(decoded.peerDiscoveryToken == token)
            #expect(decoded.isCameraAssistanceEnabled == camera)
            #expect(decoded.isExtendedDistanceMeasurementEnabled == extended)
        }
    }

    @Test("malformed archives are rejected")
    func malformed() throws {
        let valid = NINearbyPeerConfiguration(peerToken: token).encoded
        var version = valid; version[0] = 9
        var flags = valid; flags[1] = 0x04
        // The token's content starts after the version, flags, 32-bit interval and 16-bit length.
        var tokenVersion = valid; tokenVersion[8] = 3
        for payload in [[], version, flags, tokenVersion, Array(valid.dropLast()), valid + [1]] {
            let data = ArchiveFixtures.forged(as: NINearbyPeerConfiguration.self, payload: payload)
            #expect(throws: NIArchiveError.self) { try NINearbyPeerConfiguration.unarchived(from: data) }
            #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NINearbyPeerConfiguration.self, from: data) }
        }
        #expect(throws: NIArchiveError.unexpectedClass(
            found: NSStringFromClass(NIDiscoveryToken.self), expected: NSStringFromClass(NINearbyPeerConfiguration.self)
        )) {
            try NINearbyPeerConfiguration.unarchived(from: ArchiveFixtures.archive(token))
        }
    }

    @Test("the abstract base never decodes by itself")
    func abstractBase() {
        let data = ArchiveFixtures.forged(as: NIConfiguration.self, payload: [1, 0])
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NIConfiguration.self, from: data) }
    }
}
