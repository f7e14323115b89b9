import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: a peer that ends its session")
struct PeerEndedSessionTests {
    /// Alice and Bob 4 m apart, ranging for 2 s, both measuring.
    static func ranging() throws -> SessionPair {
        let pair = try SessionPair.ranging()
        #expect(pair.aliceLog.distances.count >= 15)
        #expect(pair.bobLog.distances.count >= 15)
        return pair
    }

    /// Checks that `timeline` is Alice's hearing of Bob's goodbye: one `.peerEnded` removal within
    /// 300 ms of `start` (far below the 3 s removal timeout), and nothing after it.
    static func expectPeerEnded(_ timeline: [TimedCall], after start: Duration) {
        let removals = timeline.filter { !$0.isUpdate }
        #expect(removals.map(\.call) == [.removed(.peerEnded)])
        if let removal = removals.first {
            #expect(removal.time - start < .milliseconds(300), "removed after \(removal.time - start)")
            #expect(timeline.last == removal, "calls after the removal")
        }
    }

    @Test("invalidate(): the peer gets didRemove(.peerEnded) at once; the invalidated side hears nothing more")
    func invalidateSaysGoodbye() throws {
        let pair = try Self.ranging()
        let bobCalls = pair.bobLog.calls
        let start = pair.world.now
        pair.bob.invalidate()
        let timelines = pair.world.advance(by: .seconds(5), step: .milliseconds(10), watching: pair.logs)
        Self.expectPeerEnded(timelines[0], after: start)
        // Apple's invalidate() gives no callback, and no update follows it.
        #expect(timelines[1].isEmpty)
        #expect(pair.bobLog.calls == bobCalls)
        #expect(pair.bobLog.errors.isEmpty)
    }

    @Test("a paused session that is invalidated still says goodbye")
    func pausedSessionSaysGoodbye() throws {
        let pair = try Self.ranging()
        pair.bob.pause()
        pair.world.advance(by: .seconds(1))
        let start = pair.world.now
        pair.bob.invalidate()
        let timelines = pair.world.advance(by: .seconds(5), step: .milliseconds(10), watching: pair.logs)
        Self.expectPeerEnded(timelines[0], after: start)
        #expect(timelines[1].isEmpty)
    }

    @Test("a session the app lets go of ends like an invalidated one")
    func droppedSessionSaysGoodbye() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", at: .zero),
            SessionWorld.device("bob", at: Vector3(x: 4, y: 0, z: 0)),
        ])
        let aliceLog = SessionRecorder(name: "alice"), bobLog = SessionRecorder(name: "bob")
        let alice = try world.session(on: "alice", recorder: aliceLog)
        var bob: NISession? = try world.session(on: "bob", recorder: bobLog)
        try SessionWorld.pair(alice, try #require(bob))
        world.advance(by: .seconds(2))
        #expect(aliceLog.distances.count >= 15)
        let start = world.now
        bob = nil
        let timelines = world.advance(by: .seconds(5), step: .milliseconds(10), watching: [aliceLog, bobLog])
        #expect(bob == nil)
        Self.expectPeerEnded(timelines[0], after: start)
        #expect(timelines[1].isEmpty)
    }

    @Test("after .peerEnded, running again starts but measures nothing and removes nothing: the peer is gone")
    func runAfterPeerEnded() throws {
        let pair = try Self.ranging()
        pair.bob.invalidate()
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.lifecycle == [.started, .removed(.peerEnded)])
        let before = pair.aliceLog.calls.count
        pair.alice.run(try #require(pair.alice.configuration))
        pair.world.advance(by: .seconds(10))
        #expect(Array(pair.aliceLog.calls.dropFirst(before)) == [.started])
    }
}
