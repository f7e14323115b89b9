import Crypto
import Foundation
import NearbyInteraction
import Testing
import UCI
import UCIClient
import UWBCore
import UWBTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A Nearby Interaction session on one UCI device and a host written command by command on the
/// other range with each other: the FiRa session the NI side configures is the one
/// `Docs/uci.md` documents (session id from the tokens, short addresses from the tokens).
@Suite(.timeLimit(.minutes(10))) struct MixedHostsTests {
    @Test func anNISessionRangesWithAHandWrittenUCIHost() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 31, distance: 3))
        let alice = try room.service()
        let host = RawHost(try room.device())
        let session = NISession(device: alice)
        let niToken = try #require(session.discoveryToken)
        var generator = SystemRandomNumberGenerator()
        let (hostToken, hostKey) = NIDiscoveryToken.makeSession(capabilities: alice.capabilities, using: &generator)

        // Documented derivation: FNV-1a over the smaller identifier then the larger; the smaller initiates.
        let (ni, raw) = (niToken.content.identifier.octets, hostToken.content.identifier.octets)
        let hostInitiates = raw.lexicographicallyPrecedes(ni)
        let sessionID = (hostInitiates ? raw + ni : ni + raw).reduce(UInt32(0x811C_9DC5)) { ($0 ^ UInt32($1)) &* 0x0100_0193 }

        guard case .sessionInit(.ok, let handle?) = try await host.call(.sessionInit(sessionID: sessionID, type: .ranging)) else {
            Issue.record("SESSION_INIT failed"); return
        }
        // Documented provisioned STS: SESSION_KEY is the first 16 octets of HKDF-SHA-256 over the
        // P-256 shared secret of the two tokens' key shares, salted with the initiator's token
        // content then the responder's, info "swift-uwb ranging STS v1" (Docs/security.md).
        let secret = try hostKey.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(compressedRepresentation: niToken.content.publicKeyShare))
        let (initiator, responder) = hostInitiates ? (hostToken.content, niToken.content) : (niToken.content, hostToken.content)
        let sessionKey = secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: initiator.encoded + responder.encoded, sharedInfo: Array("swift-uwb ranging STS v1".utf8), outputByteCount: 32)
            .withUnsafeBytes { Array($0.prefix(16)) }
        let role = UInt8(hostInitiates ? 1 : 0)
        let configured = try await host.call(.setAppConfig(sessionToken: handle, [
            UCIParameter(.deviceType, integer: role), UCIParameter(.deviceRole, integer: role),
            UCIParameter(.deviceMacAddress, integer: hostToken.content.shortAddress),
            UCIParameter(.destinationMacAddress, integer: niToken.content.shortAddress),
            UCIParameter(.channelNumber, integer: UInt8(5)), UCIParameter(.rangingDuration, integer: UInt32(100)),
            UCIParameter(.stsConfig, integer: UInt8(3)), UCIParameter(.sessionKey, sessionKey),
        ]))
        #expect(configured == .setAppConfig(status: .ok, []))
        #expect(try await host.call(.sessionStart(sessionToken: handle)) == .sessionStart(.ok))

        let events = session.events()
        session.run(NINearbyPeerConfiguration(peerToken: hostToken))
        let niSide = await updates(of: events, count: 3)
        #expect(niSide.ending == nil)
        #expect(niSide.objects.allSatisfy { abs(($0.distance ?? 0) - 3) < 0.1 }, "\(niSide.objects.map(\.distance))")

        var hostDistances: [UInt16] = []
        for await notification in host.notifications {
            guard case .sessionInfo(let info) = notification, info.sessionToken == handle,
                  case .twoWay(let results, _) = info.measurements else { continue }
            for result in results where result.status == .ok {
                #expect(result.macAddress == UInt64(niToken.content.shortAddress))
                hostDistances.append(result.distanceCentimetres)
            }
            if hostDistances.count >= 3 { break }
        }
        #expect(hostDistances.count >= 3 && hostDistances.allSatisfy { (290...310).contains($0) }, "\(hostDistances) cm")
        session.invalidate()
        host.device.close()
    }

    @Test func anNISessionRangesOverAPseudoTerminalStandingInForTheSerialPort() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 32, distance: 2))
        let bridge = try PseudoTerminalBridge(port: room.server.port)
        let overSerial = DeviceService(
            uciDevice: try UCIDevice.open(.serial(path: bridge.path), responseTimeout: UCITestServer.responseTimeout),
            settings: DeviceServiceSettings(removalTimeout: UCITestServer.removalTimeout))
        #expect(overSerial.deviceName == "uci:\(bridge.path)")
        let overTCP = try room.service()
        let pair = try SessionPair.running(on: overSerial, overTCP)
        let serialSide = await updates(of: pair.first.events(), count: 3)
        #expect(serialSide.ending == nil)
        #expect(serialSide.objects.allSatisfy { abs(($0.distance ?? 0) - 2) < 0.1 }, "\(serialSide.objects.map(\.distance))")
        pair.first.invalidate()
        pair.second.invalidate()
        // A second program cannot open the port while the first holds it.
        #expect {
            try UCIDevice.open(.serial(path: bridge.path))
        } throws: { error in
            "\(error)".contains("another program")
        }
    }
}
