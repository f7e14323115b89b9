import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

/// Tokens used again after their session ended, or by someone they were not sent to. Malformed
/// token data is `TokenFuzzTests`' subject; these tests take valid tokens to a session.
@Suite("Sessions: replayed tokens")
struct ReplayedTokenSessionTests {
    @Test("a token of this device's own ended session: .invalidConfiguration")
    func ownOldToken() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        try pair.run()
        pair.world.advance(by: .seconds(1))
        let oldData = try NSKeyedArchiver.archivedData(withRootObject: try #require(pair.alice.discoveryToken), requiringSecureCoding: true)
        pair.alice.invalidate()

        let log = SessionRecorder(name: "alice-new")
        let fresh = try pair.world.session(on: "alice", recorder: log)
        let replayed = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: oldData))
        fresh.run(NINearbyPeerConfiguration(peerToken: replayed))
        pair.world.advance(by: .milliseconds(200))
        #expect(log.calls == [.invalidated(.invalidConfiguration)])
    }

    @Test("a peer's token from its ended session: runs, is never answered, nothing is removed, nothing breaks")
    func peersOldToken() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        try pair.run()
        pair.world.advance(by: .seconds(1))
        let oldBob = try SessionWorld.configuration(naming: pair.bob)
        pair.bob.invalidate()
        pair.alice.invalidate()
        pair.world.advance(by: .milliseconds(200))

        // Alice's app replays Bob's old token; Bob's app has moved on to a new session with her.
        let aliceLog = SessionRecorder(name: "alice-new"), bobLog = SessionRecorder(name: "bob-new")
        let alice = try pair.world.session(on: "alice", recorder: aliceLog)
        let bob = try pair.world.session(on: "bob", recorder: bobLog)
        alice.run(oldBob)
        bob.run(try SessionWorld.configuration(naming: alice))
        pair.world.advance(by: .seconds(10))
        #expect(aliceLog.calls == [.started])
        #expect(bobLog.calls == [.started])

        // Once Alice runs Bob's current token, the two range.
        alice.run(try SessionWorld.configuration(naming: bob))
        pair.world.advance(by: .seconds(2))
        #expect(aliceLog.lifecycle == [.started, .started])
        #expect(aliceLog.distances.count >= 15)
        #expect(bobLog.distances.count >= 15)
    }

    @Test("a third device running a token sent to someone else gets no answer, and the pair is undisturbed")
    func eavesdropper() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", at: .zero),
            SessionWorld.device("bob", at: Vector3(x: 4, y: 0, z: 0)),
            SessionWorld.device("mallory", at: Vector3(x: 0, y: 0, z: -3)),
        ])
        let logs = ["alice", "bob", "mallory"].map { SessionRecorder(name: $0) }
        let alice = try world.session(on: "alice", recorder: logs[0])
        let bob = try world.session(on: "bob", recorder: logs[1])
        let mallory = try world.session(on: "mallory", recorder: logs[2])
        try SessionWorld.pair(alice, bob)
        mallory.run(try SessionWorld.configuration(naming: bob))
        world.advance(by: .seconds(3))
        #expect(logs[2].calls == [.started])
        for log in logs.prefix(2) {
            #expect(log.lifecycle == [.started])
            #expect(log.distances.count >= 25)
            #expect(log.distances.suffix(10).allSatisfy { abs($0 - 4) < 0.15 })
        }
    }
}
