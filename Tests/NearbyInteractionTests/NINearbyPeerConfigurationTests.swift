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
        copy.updateInterval = .seconds(1)
        #expect(configuration.updateInterval == nil)
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
        configuration.updateInterval = .milliseconds(250)
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
            #expect(decoded.updateInterval == .milliseconds(250))
        }
    }

    @Test("the update interval is archived in whole microseconds, little-endian, after the flags; 0 is the default")
    func intervalEncoding() throws {
        let configuration = NINearbyPeerConfiguration(peerToken: token)
        #expect(configuration.updateInterval == nil)
        #expect(Array(configuration.encoded[2..<6]) == [0, 0, 0, 0])
        let decoded = try NINearbyPeerConfiguration(decoding: configuration.encoded)
        #expect(decoded.updateInterval == nil)
        configuration.updateInterval = .milliseconds(100)
        #expect(Array(configuration.encoded[2..<6]) == [0xA0, 0x86, 0x01, 0x00])  // 100 000 µs
        configuration.updateInterval = .nanoseconds(1_500)
        #expect(Array(configuration.encoded[2..<6]) == [0x02, 0x00, 0x00, 0x00])  // 1.5 µs rounds to 2
    }

    @Test("malformed archives are rejected")
    func malformed() throws {
        let valid = NINearbyPeerConfiguration(peerToken: token).encoded
        var version = valid; version[0] = 9
        var flags = valid; flags[1] = 0x04
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
