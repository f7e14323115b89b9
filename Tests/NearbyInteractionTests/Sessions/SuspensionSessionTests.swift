import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: suspension")
struct SuspensionSessionTests {
    /// The calls `log` received after its first `count`.
    static func calls(of log: SessionRecorder, after count: Int) -> [SessionRecorder.Call] {
        Array(log.calls.dropFirst(count))
    }

    @Test("suspended: no updates, run is suspended again; after the end: no updates until run, then ranging")
    func suspendAndEnd() throws {
        let pair = try SessionPair.ranging()
        let service = try pair.world.service("alice")
        #expect(pair.aliceLog.distances.count >= 15)

        var seen = pair.aliceLog.calls.count
        service.suspendSessions()
        pair.world.advance(by: .milliseconds(20))
        #expect(Self.calls(of: pair.aliceLog, after: seen) == [.suspended])

        // While suspended Alice measures nothing; Bob loses her and times out.
        seen = pair.aliceLog.calls.count
        let bobSeen = pair.bobLog.calls.count
        pair.world.advance(by: .seconds(4))
        #expect(Self.calls(of: pair.aliceLog, after: seen).isEmpty)
        #expect(Self.calls(of: pair.bobLog, after: bobSeen).filter { $0.distance == nil } == [.removed(.timeout)])

        // Running during the suspension only suspends again: no start, no updates.
        pair.alice.run(try #require(pair.alice.configuration))
        pair.world.advance(by: .seconds(1))
        #expect(Self.calls(of: pair.aliceLog, after: seen) == [.suspended])

        // The suspension ends: told so, but nothing restarts by itself.
        seen = pair.aliceLog.calls.count
        service.endSuspension()
        pair.world.advance(by: .seconds(1))
        #expect(Self.calls(of: pair.aliceLog, after: seen) == [.suspensionEnded])

        // Both run: both start and range again.
        seen = pair.aliceLog.calls.count
        let bobBefore = pair.bobLog.calls.count
        try pair.runAgain()
        pair.world.advance(by: .seconds(2))
        for after in [Self.calls(of: pair.aliceLog, after: seen), Self.calls(of: pair.bobLog, after: bobBefore)] {
            #expect(after.first == .started)
            #expect(after.dropFirst().allSatisfy { $0.distance != nil })
            #expect(after.compactMap(\.distance).count >= 15)
            #expect(after.compactMap(\.distance).suffix(10).allSatisfy { abs($0 - 4) < 0.15 })
        }
    }

    @Test("every session of the device is suspended: running, paused and run during the suspension; the peer's device is not")
    func allSessionsOfTheDevice() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", at: .zero),
            SessionWorld.device("bob", at: Vector3(x: 3, y: 0, z: 0)),
            SessionWorld.device("carol", at: Vector3(x: -3, y: 0, z: 0)),
        ])
        let logs = ["alice-bob", "alice-carol", "alice-late", "bob", "carol"].map { SessionRecorder(name: $0) }
        let aliceBob = try world.session(on: "alice", recorder: logs[0])
        let aliceCarol = try world.session(on: "alice", recorder: logs[1])
        let aliceLate = try world.session(on: "alice", recorder: logs[2])
        let bob = try world.session(on: "bob", recorder: logs[3])
        let carol = try world.session(on: "carol", recorder: logs[4])
        try SessionWorld.pair(aliceBob, bob)
        try SessionWorld.pair(aliceCarol, carol)
        world.advance(by: .seconds(1))
        aliceCarol.pause()
        world.advance(by: .milliseconds(100))

        let service = try world.service("alice")
        service.suspendSessions()
        world.advance(by: .milliseconds(20))
        // A session first run during the suspension is suspended at once, without starting.
        aliceLate.run(try SessionWorld.configuration(naming: carol))
        world.advance(by: .milliseconds(20))
        #expect(logs[0].lifecycle == [.started, .suspended])
        #expect(logs[1].lifecycle == [.started, .suspended])
        #expect(logs[2].calls == [.suspended])
        // Bob's and Carol's devices are not suspended: they only lose Alice later.
        #expect(logs[3].lifecycle == [.started])
        #expect(logs[4].lifecycle == [.started])

        service.endSuspension()
        service.endSuspension()
        world.advance(by: .milliseconds(20))
        #expect(logs[0].lifecycle == [.started, .suspended, .suspensionEnded])
        #expect(logs[1].lifecycle == [.started, .suspended, .suspensionEnded])
        #expect(logs[2].calls == [.suspended, .suspensionEnded])
        withExtendedLifetime([aliceBob, aliceCarol, aliceLate, bob, carol]) {}
    }

    @Test("ending a suspension that never began does nothing")
    func endWithoutSuspension() throws {
        let pair = try SessionPair.ranging(for: .seconds(1))
        try pair.world.service("alice").endSuspension()
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.lifecycle == [.started])
        #expect(pair.aliceLog.distances.count >= 15)
    }
}
