import Foundation
@testable import NearbyInteraction
import Testing
import UCI
import UWBCore
import UWBRanging

/// How an NI session becomes a FiRa session (parameters written out from the mapping in
/// `Docs/uci.md`), and how a SESSION_INFO_NTF result becomes a measurement (against the
/// analytic direction of an azimuth and an elevation).
@Suite struct FiRaMappingTests {
    static func content(_ first: UInt8, address: UInt16) throws -> DiscoveryTokenContent {
        let identifier = try #require(TokenIdentifier(octets: [UInt8](repeating: first, count: TokenIdentifier.length)))
        return DiscoveryTokenContent(identifier: identifier, shortAddress: address, capabilities: NIRadioCapability(coherentReceivers: 1), publicKeyShare: [])
    }

    @Test func theSmallerTokenIsTheControllerWithEveryParameterSpelledOut() throws {
        let pairing = try #require(SessionPairing(local: try Self.content(0x01, address: 0x1234), peer: try Self.content(0x02, address: 0xABCD)))
        let plan = FiRaSessionPlan(pairing: pairing, interval: .milliseconds(200), channel: 9, angles: true)
        let id = pairing.link.session.rawValue
        #expect(plan.sessionID == id)
        let idOctets = [UInt8(id & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id >> 16 & 0xFF), UInt8(id >> 24)]
        #expect(plan.parameters.map { [$0.id.rawValue] + $0.value } == [
            [0x00, 0x01],  // DEVICE_TYPE controller
            [0x11, 0x01],  // DEVICE_ROLE initiator
            [0x01, 0x02],  // RANGING_ROUND_USAGE DS-TWR deferred
            [0x03, 0x00],  // MULTI_NODE_MODE one-to-one
            [0x05, 0x01],  // NUMBER_OF_CONTROLEES 1
            [0x26, 0x00],  // MAC_ADDRESS_MODE short
            [0x06, 0x34, 0x12],  // DEVICE_MAC_ADDRESS 0x1234, little endian
            [0x07, 0xCD, 0xAB],  // DST_MAC_ADDRESS 0xABCD
            [0x04, 0x09],  // CHANNEL_NUMBER 9
            [0x09, 0xC8, 0x00, 0x00, 0x00],  // RANGING_DURATION 200 ms
            [0x0D, 0x01],  // AOA_RESULT_REQ
            [0x02, 0x00],  // STS_CONFIG static
            [0x27, 0x53, 0x55],  // VENDOR_ID "SU"
            [0x28] + idOctets + [0x00, 0x00],  // STATIC_STS_IV: the session id, then zeros
        ])
        let other = try #require(SessionPairing(local: try Self.content(0x02, address: 0xABCD), peer: try Self.content(0x01, address: 0x1234)))
        let peerPlan = FiRaSessionPlan(pairing: other, interval: .milliseconds(200), channel: 9, angles: false)
        #expect(peerPlan.sessionID == id, "both sides configure the same session")
        #expect(peerPlan.parameters.first { $0.id == .deviceType }?.value == [0x00], "controlee")
        #expect(peerPlan.parameters.first { $0.id == .deviceRole }?.value == [0x00], "responder")
        #expect(peerPlan.parameters.first { $0.id == .deviceMacAddress }?.value == [0xCD, 0xAB])
    }

    @Test("a secured pairing provisions its STS: STS_CONFIG 3 and SESSION_KEY the STS key of the tokens' key agreement, in place of the static STS")
    func securedPairingsProvisionTheirSTS() throws {
        let pairing = try #require(SessionPairing(local: try Self.content(0x01, address: 0x1234), peer: try Self.content(0x02, address: 0xABCD)))
        let keys = try SessionKeys(
            initiatorKey: Array(0..<16), responderKey: Array(16..<32), initiatorNonceAddress: 1, responderNonceAddress: 2)
        let sts = SecureTimestampConfiguration.ranging(
            key: try SecureTimestampSecret(octets: Array(100..<116), field: "STS key"),
            initializationVector: try SecureTimestampSecret(octets: Array(0..<16), field: "STS IV"))
        let secured = pairing.secured(by: LinkProtection(keys: keys, role: pairing.role), secureTimestamps: sts)
        let plan = FiRaSessionPlan(pairing: secured, interval: .milliseconds(200), channel: 9, angles: true)
        #expect(Array(plan.parameters.suffix(2).map { [$0.id.rawValue] + $0.value }) == [[0x02, 0x03], [0x45] + Array(100..<116)])
        #expect(!plan.parameters.contains { $0.id == .vendorID || $0.id == .staticSTSIV })
    }

    @Test("in extended address mode each side is named by its short address under the first six octets of its token identifier")
    func extendedAddressesComeFromTheTokens() throws {
        let local = try #require(TokenIdentifier(octets: Array(0x10...0x1F)))
        let peer = try #require(TokenIdentifier(octets: Array(0x20...0x2F)))
        let capability = NIRadioCapability(coherentReceivers: 1)
        let pairing = try #require(SessionPairing(
            local: DiscoveryTokenContent(identifier: local, shortAddress: 0x1234, capabilities: capability, publicKeyShare: []),
            peer: DiscoveryTokenContent(identifier: peer, shortAddress: 0xABCD, capabilities: capability, publicKeyShare: [])))
        let plan = FiRaSessionPlan(pairing: pairing, interval: .milliseconds(200), channel: 9, angles: false, addressing: .extended)
        let addressing = plan.parameters.filter { [.macAddressMode, .deviceMacAddress, .destinationMacAddress].contains($0.id) }
        #expect(addressing.map { [$0.id.rawValue] + $0.value } == [
            [0x26, 0x02],  // MAC_ADDRESS_MODE 2: 8 octets in measurements and frame headers
            [0x06, 0x34, 0x12, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15],  // DEVICE_MAC_ADDRESS, little endian
            [0x07, 0xCD, 0xAB, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25],  // DST_MAC_ADDRESS
        ])
        #expect(plan.peerAddress == 0x2524_2322_2120_ABCD, "measurements name the peer by its 8 octets")
    }

    static let array = UCICapabilitySet(
        responder: true, initiator: true, channels: [5], azimuth: true, elevation: true, angleFigureOfMerit: true, extendedAddresses: false)

    @Test(arguments: [(30.0, 0.0), (-45.0, 30.0), (90.0, -10.0)])
    func azimuthAndElevationBecomeTheAnalyticDirection(azimuth: Double, elevation: Double) throws {
        let result = UCITwoWayMeasurement(
            macAddress: 0xABCD, nlos: 1, distanceCentimetres: 250, azimuth: UCIAngle(degrees: azimuth), azimuthFOM: 80,
            elevation: UCIAngle(degrees: elevation), elevationFOM: 80, rssi: 156)
        let measurement = RangingMeasurement(
            uci: result, role: .initiator, sequence: 70_000, time: .seconds(2), interval: .milliseconds(100), angles: Self.array)
        let (θ, φ) = (azimuth * .pi / 180, elevation * .pi / 180)
        let direction = try #require(measurement.direction)
        #expect(abs(direction.x - cos(φ) * sin(θ)) < 1e-3 && abs(direction.y - sin(φ)) < 1e-3 && abs(direction.z + cos(φ) * cos(θ)) < 1e-3)
        #expect(abs(try #require(measurement.horizontalAngle).degrees - azimuth) < 1.0 / 128)
        #expect(measurement.distance == Distance(metres: 2.5) && measurement.rawDistance == measurement.distance)
        #expect(measurement.peer == 0xABCD && measurement.round == UInt16(70_000 & 0xFFFF) && measurement.timestamps == nil)
        #expect(measurement.nlosLikelihood == 1 && measurement.figureOfMerit == 0.8)
        #expect(measurement.receivedLevel == PowerLevel(dBm: -78))
    }

    @Test func anglesWithAZeroFigureOfMeritOrFromADeviceWithoutThemAreLeftOut() {
        let result = UCITwoWayMeasurement(macAddress: 2, distanceCentimetres: 100, azimuth: UCIAngle(degrees: 20), azimuthFOM: 0)
        let noMerit = RangingMeasurement(uci: result, role: .responder, sequence: 1, time: .zero, interval: nil, angles: Self.array)
        #expect(noMerit.horizontalAngle == nil && noMerit.direction == nil && noMerit.figureOfMerit == 1)
        #expect(noMerit.receivedLevel == nil && noMerit.nlosLikelihood == 0)
        var single = Self.array
        single.azimuth = false
        single.elevation = false
        var merited = result
        merited.azimuthFOM = 90
        #expect(RangingMeasurement(uci: merited, role: .responder, sequence: 1, time: .zero, interval: nil, angles: single).horizontalAngle == nil)
    }
}
