import Foundation
@testable import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: errors at run")
struct RunErrorSessionTests {
    /// Runs `configuration` on Alice's session and returns what her delegate heard in the next
    /// 500 ms, and the errors' details.
    static func outcome(of configuration: NIConfiguration, on pair: SessionPair) -> (calls: [SessionRecorder.Call], details: [String]) {
        pair.alice.run(configuration)
        pair.world.advance(by: .milliseconds(500))
        return (pair.aliceLog.calls, pair.aliceLog.errors.map { $0.detail ?? "" })
    }

    /// Alice and Bob 4 m apart, sessions made but not run.
    static func pair(settings: DeviceServiceSettings = DeviceServiceSettings()) throws -> SessionPair {
        try SessionPair(bob: Vector3(x: 4, y: 0, z: 0), settings: settings)
    }

    @Test("run after invalidate(): didInvalidateWith(.sessionFailed), and the session stays dead")
    func runAfterInvalidate() throws {
        let pair = try Self.pair()
        pair.alice.invalidate()
        let (calls, details) = Self.outcome(of: try SessionWorld.configuration(naming: pair.bob), on: pair)
        #expect(calls == [.invalidated(.sessionFailed)])
        #expect(details.first?.contains("invalidated") == true)
        // Bob, who runs with Alice's token, never hears from her.
        pair.bob.run(try SessionWorld.configuration(naming: pair.alice))
        pair.world.advance(by: .seconds(4))
        #expect(pair.bobLog.calls == [.started])
    }

    @Test("the session's own token: .invalidConfiguration")
    func ownToken() throws {
        let pair = try Self.pair()
        let (calls, details) = Self.outcome(of: try SessionWorld.configuration(naming: pair.alice), on: pair)
        #expect(calls == [.invalidated(.invalidConfiguration)])
        #expect(details.first?.contains("own token") == true)
    }

    @Test("a token of another session of the same device: .invalidConfiguration")
    func siblingToken() throws {
        let pair = try Self.pair()
        let sibling = try pair.world.session(on: "alice", recorder: SessionRecorder(name: "sibling"))
        let (calls, details) = Self.outcome(of: try SessionWorld.configuration(naming: sibling), on: pair)
        #expect(calls == [.invalidated(.invalidConfiguration)])
        #expect(details.first?.contains("another session of this device") == true)
    }

    @Test("a peer token with this session's short address: .invalidConfiguration naming the address")
    func sharedShortAddress() throws {
        let pair = try Self.pair()
        let own = try #require(pair.alice.discoveryToken).content
        let bob = try #require(pair.bob.discoveryToken).content
        let alike = NIDiscoveryToken(content: DiscoveryTokenContent(
            identifier: bob.identifier, shortAddress: own.shortAddress, capabilities: bob.capabilities, publicKeyShare: bob.publicKeyShare))
        let (calls, details) = Self.outcome(of: NINearbyPeerConfiguration(peerToken: alike), on: pair)
        #expect(calls == [.invalidated(.invalidConfiguration)])
        let address = "short address 0x" + String(own.shortAddress, radix: 16, uppercase: true)
        #expect(details.first?.contains("share their " + address) == true, "\(details)")
    }

    @Test("tokens drawn from the system's generator by several services of one process never share a short address while they live; retired ones give theirs back")
    func liveTokensOfAProcessHaveTheirOwnAddresses() {
        let capabilities = NIRadioCapability(coherentReceivers: 1)
        // 2 × 2 000 independent draws from 65 534 addresses would share one with a chance of 1 − e^(−61) (birthday bound).
        var first = TokenLedger(seed: nil), second = TokenLedger(seed: nil)
        let tokens = (0..<2_000).flatMap { _ in [first.issue(capabilities: capabilities), second.issue(capabilities: capabilities)] }
        #expect(Set(tokens.map(\.content.shortAddress)).count == tokens.count)
        // Retired, their addresses can be drawn again (other tests draw meanwhile, but hardly one of
        // these 10 in the moment between the retirement and the claim).
        for token in tokens.prefix(10) {
            first.retire(token.content.identifier)
            second.retire(token.content.identifier)
        }
        #expect(tokens.prefix(10).allSatisfy { LiveShortAddresses.claim($0.content.shortAddress) })
        tokens.prefix(10).forEach { LiveShortAddresses.release($0.content.shortAddress) }
        // The ledgers' service is gone: the others are given back too.
        first.releaseAddresses()
        second.releaseAddresses()
        // Seeded draws stay what their seed gives, whatever else the process holds.
        var seeded = TokenLedger(seed: 5), again = TokenLedger(seed: 5)
        #expect(seeded.issue(capabilities: capabilities) == again.issue(capabilities: capabilities))
    }

    @Test("camera assistance: .invalidARConfiguration")
    func cameraAssistance() throws {
        let pair = try Self.pair()
        let configuration = try SessionWorld.configuration(naming: pair.bob)
        configuration.isCameraAssistanceEnabled = true
        let (calls, details) = Self.outcome(of: configuration, on: pair)
        #expect(calls == [.invalidated(.invalidARConfiguration)])
        #expect(details.first?.contains("camera assistance") == true)
    }

    @Test("an update interval outside the radio's range: .invalidConfiguration saying so", arguments: [
        Duration.milliseconds(1), .seconds(10),
    ])
    func updateIntervalOutOfRange(interval: Duration) throws {
        let pair = try Self.pair()
        let (calls, details) = Self.outcome(of: try SessionWorld.configuration(naming: pair.bob, interval: interval), on: pair)
        #expect(calls == [.invalidated(.invalidConfiguration)])
        #expect(details.first?.contains("update interval") == true, "\(details)")
    }

    @Test("the longest update interval is a third of the removal timeout; it and the shortest both run")
    func updateIntervalBounds() throws {
        let service = try Self.pair().world.service("alice")
        #expect(service.updateIntervals.upperBound == .seconds(1))
        #expect(service.updateIntervals.lowerBound > .zero)
        #expect(service.updateIntervals.lowerBound < DeviceService.preferredUpdateInterval)
        #expect(service.defaultUpdateInterval == .milliseconds(100))
        for interval in [service.updateIntervals.lowerBound, service.updateIntervals.upperBound] {
            let pair = try Self.pair()
            try pair.run(interval: interval)
            pair.world.advance(by: .seconds(3))
            #expect(pair.aliceLog.lifecycle == [.started], "\(interval)")
            #expect(pair.aliceLog.distances.count >= 2, "\(interval)")
        }
    }

    @Test("a third session on a radio that takes two: .activeSessionsLimitExceeded; a paused one does not count")
    func tooManySessions() throws {
        let pair = try Self.pair(settings: DeviceServiceSettings(maximumSessions: 2))
        let logs = (1...3).map { SessionRecorder(name: "alice\($0)") }
        let sessions = try logs.map { try pair.world.session(on: "alice", recorder: $0) }
        let peers = try (1...3).map { _ in try pair.world.session(on: "bob", recorder: SessionRecorder(name: "bob")) }
        for (session, peer) in zip(sessions, peers) {
            session.run(try SessionWorld.configuration(naming: peer))
            pair.world.advance(by: .milliseconds(100))
        }
        #expect(logs[0].calls.first == .started)
        #expect(logs[1].calls.first == .started)
        #expect(logs[2].calls == [.invalidated(.activeSessionsLimitExceeded)])
        #expect(logs[2].errors.first?.detail?.contains("maximumSessions") == true)

        // A paused session frees its place.
        let spare = SessionRecorder(name: "spare")
        let fourth = try pair.world.session(on: "alice", recorder: spare)
        sessions[0].pause()
        fourth.run(try SessionWorld.configuration(naming: peers[2]))
        pair.world.advance(by: .milliseconds(100))
        #expect(spare.calls == [.started])
        // …and the paused one cannot come back while both places are taken.
        sessions[0].run(try #require(sessions[0].configuration))
        pair.world.advance(by: .milliseconds(100))
        #expect(logs[0].lifecycle == [.started, .invalidated(.activeSessionsLimitExceeded)])
    }

    @Test("a peer that already ranges in another session of this device: .invalidConfiguration")
    func peerAlreadyRanging() throws {
        let pair = try Self.pair()
        try pair.run()
        pair.world.advance(by: .seconds(1))
        let secondLog = SessionRecorder(name: "second")
        let second = try pair.world.session(on: "alice", recorder: secondLog)
        second.run(try SessionWorld.configuration(naming: pair.bob))
        pair.world.advance(by: .seconds(1))
        #expect(secondLog.calls == [.invalidated(.invalidConfiguration)])
        #expect(secondLog.errors.first?.detail?.contains("already ranges") == true)
        // The first session is unaffected.
        #expect(pair.aliceLog.lifecycle == [.started])
        #expect(pair.aliceLog.distances.count >= 15)
    }

    @Test("a peer whose radio cannot measure distance: .incompatiblePeerDevice")
    func incompatiblePeer() throws {
        let pair = try Self.pair()
        let token = ArchiveFixtures.token(seed: 99, receivers: 0)
        #expect(!token.deviceCapabilities.supportsPreciseDistanceMeasurement)
        let (calls, _) = Self.outcome(of: NINearbyPeerConfiguration(peerToken: token), on: pair)
        #expect(calls == [.invalidated(.incompatiblePeerDevice)])
    }

    @Test("a configuration that is not a peer configuration: .invalidConfiguration")
    func notAPeerConfiguration() throws {
        let pair = try Self.pair()
        let (calls, _) = Self.outcome(of: NIConfiguration(abstractBase: ()), on: pair)
        #expect(calls == [.invalidated(.invalidConfiguration)])
    }

    @Test("a session invalidated by an error stays invalidated: run again gives .sessionFailed")
    func failedSessionStaysDead() throws {
        let pair = try Self.pair()
        _ = Self.outcome(of: try SessionWorld.configuration(naming: pair.alice), on: pair)
        let (calls, _) = Self.outcome(of: try SessionWorld.configuration(naming: pair.bob), on: pair)
        #expect(calls == [.invalidated(.invalidConfiguration), .invalidated(.sessionFailed)])
    }
}
