import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: pause and resume")
struct PauseResumeSessionTests {
    /// Alice and Bob 4 m apart, ranging for 2 s, both measuring.
    static func ranging() throws -> SessionPair {
        let pair = try SessionPair.ranging()
        #expect(pair.aliceLog.distances.count >= 15)
        return pair
    }

    @Test("a long pause: the paused side hears nothing, the peer times out; both run again and range, with the same token")
    func longPause() throws {
        let pair = try Self.ranging()
        let token = pair.alice.discoveryToken
        let configuration = try #require(pair.alice.configuration as? NINearbyPeerConfiguration)
        let bobToken = try #require(pair.bob.discoveryToken)
        let aliceCalls = pair.aliceLog.calls.count
        let pausedAt = pair.world.now
        pair.alice.pause()
        let timelines = pair.world.advance(by: .seconds(4), step: .milliseconds(50), watching: pair.logs)

        // Alice: no update, no callback at all (Apple's pause() has none).
        #expect(timelines[0].isEmpty)
        // Bob: removed with .timeout about one removal timeout after the pause, and nothing else.
        #expect(timelines[1].filter { !$0.isUpdate }.map(\.call) == [.removed(.timeout)])
        if let removal = timelines[1].first(where: { !$0.isUpdate }) {
            let after = removal.time - pausedAt
            #expect(after > .milliseconds(2_800) && after < .milliseconds(3_300), "removed \(after) after the pause")
            #expect(timelines[1].last == removal)
        }

        // Alice resumes with the same token and the configuration she ran.
        #expect(pair.alice.discoveryToken == token)
        let kept = try #require(pair.alice.configuration as? NINearbyPeerConfiguration)
        #expect(kept.peerDiscoveryToken == bobToken)
        #expect(kept.peerDiscoveryToken == configuration.peerDiscoveryToken)
        #expect(kept.updateInterval == configuration.updateInterval)
        pair.alice.run(kept)
        pair.world.advance(by: .seconds(2))
        // Started again, but Bob has removed her and does not answer until his app runs again.
        #expect(Array(pair.aliceLog.calls.dropFirst(aliceCalls)) == [.started])

        let bobCalls = pair.bobLog.calls.count
        let aliceRestarted = pair.aliceLog.calls.count
        pair.bob.run(try #require(pair.bob.configuration))
        pair.world.advance(by: .seconds(2))
        let bobAfter = Array(pair.bobLog.calls.dropFirst(bobCalls))
        let aliceAfter = Array(pair.aliceLog.calls.dropFirst(aliceRestarted))
        #expect(bobAfter.first == .started)
        #expect(bobAfter.dropFirst().allSatisfy { $0.distance != nil })
        #expect(aliceAfter.allSatisfy { $0.distance != nil })
        for after in [aliceAfter, bobAfter] {
            #expect(after.compactMap(\.distance).count >= 15)
            #expect(after.compactMap(\.distance).suffix(10).allSatisfy { abs($0 - 4) < 0.15 })
        }
        #expect(pair.alice.discoveryToken == token)
    }

    @Test("a short pause: the peer keeps the session; running again resumes ranging on both sides")
    func shortPause() throws {
        let pair = try Self.ranging()
        let counts = pair.logs.map { $0.calls.count }
        pair.alice.pause()
        pair.world.advance(by: .seconds(1))
        // Nothing during the pause, on either side.
        #expect(pair.logs.map { $0.calls.count } == counts)
        pair.alice.run(try #require(pair.alice.configuration))
        pair.world.advance(by: .seconds(2))
        let aliceAfter = Array(pair.aliceLog.calls.dropFirst(counts[0]))
        let bobAfter = Array(pair.bobLog.calls.dropFirst(counts[1]))
        #expect(aliceAfter.first == .started)
        #expect(aliceAfter.dropFirst().allSatisfy { $0.distance != nil })
        // Bob was never told anything: his updates simply resume.
        #expect(bobAfter.allSatisfy { $0.distance != nil })
        #expect(aliceAfter.compactMap(\.distance).count >= 15)
        #expect(bobAfter.compactMap(\.distance).count >= 15)
    }

    @Test("pausing twice, or a session never run, does nothing")
    func idlePauses() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        pair.alice.pause()
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.calls.isEmpty)
        #expect(pair.alice.configuration == nil)
        try pair.run()
        pair.world.advance(by: .seconds(1))
        pair.alice.pause()
        pair.alice.pause()
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.lifecycle == [.started])
        pair.alice.run(try #require(pair.alice.configuration))
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.lifecycle == [.started, .started])
        #expect(pair.bobLog.lifecycle == [.started])
    }
}
