import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: a moving peer")
struct MovingPeerSessionTests {
    /// Bob walks away from Alice along +x from 2 m to 6.5 m and back, slowing down before he turns
    /// and speeding up after, as a person does: 1.5, 1, 0.5 m/s out, then 0.5, 1, 1.5 m/s back (8 s).
    static let walk = Self.path([(5, 1.5), (6, 1), (6.5, 0.5), (6, 0.5), (5, 1), (2, 1.5)])

    /// Bob walks from 2 m to 6.5 m at 1.5 m/s and turns back on the spot (3 s each way): an
    /// instantaneous change of 3 m/s in the range rate.
    static let sharpTurn = Self.path([(6.5, 1.5), (2, 1.5)])

    /// A walk along +x starting at 2 m, through waypoints (x in metres, speed in m/s).
    static func path(_ waypoints: [(x: Double, speed: Double)]) -> Trajectory {
        SessionWorld.walk(
            from: Vector3(x: 2, y: 0, z: 0), through: waypoints.map { (Vector3(x: $0.x, y: 0, z: 0), $0.speed) })
    }

    /// Alice at the origin and Bob walking `trajectory`, ranging for `duration`: each side's timeline,
    /// stamped every `step`.
    static func range(bobWalking trajectory: Trajectory, for duration: Duration, step: Duration) throws
        -> (pair: SessionPair, timelines: [[TimedCall]]) {
        let pair = try SessionPair(bob: trajectory.start.metres, bobTrajectory: trajectory)
        try pair.run()
        return (pair, pair.world.advance(by: duration, step: step, watching: pair.logs))
    }

    /// How far `update` lies from Bob's true distance on `trajectory` at the time it arrived (within
    /// `step` before its stamp: the nearer end counts).
    static func error(of update: TimedCall, on trajectory: Trajectory, step: Duration) -> Double {
        guard let measured = update.distance else { return .infinity }
        return [update.time - step, update.time].map { time in
            abs(Double(measured) - trajectory.position(at: .zero + time).distance(to: .origin).metres)
        }.min() ?? .infinity
    }

    @Test("both sides track the true distance of a peer walking away and back, within 15 cm once settled")
    func tracksWalk() throws {
        let step = Duration.milliseconds(20)
        let (pair, timelines) = try Self.range(bobWalking: Self.walk, for: .seconds(8), step: step)

        #expect(pair.aliceLog.lifecycle == [.started])
        #expect(pair.bobLog.lifecycle == [.started])
        for (name, timeline) in zip(["alice", "bob"], timelines) {
            let updates = timeline.filter(\.isUpdate)
            // About one update per 100 ms over 8 s, on each side.
            #expect(updates.count >= 60, "\(name) got \(updates.count) updates")
            let worst = updates.filter { $0.time > .seconds(1) }.map { Self.error(of: $0, on: Self.walk, step: step) }.max()
            #expect((worst ?? .infinity) < 0.15, "\(name): worst error \(String(describing: worst)) m")
        }
        // The walk covered the whole span: the distances seen reach both ends.
        let settled = timelines[0].filter { $0.time > .seconds(1) }.compactMap(\.distance)
        #expect((settled.max() ?? 0) > 6.3)
        #expect((settled.min() ?? .infinity) < 2.5)
    }

    @Test("an instant turn-around is tracked again within 0.8 s: the filter rejects 5 rounds, then restarts")
    func followsSharpTurn() throws {
        let step = Duration.milliseconds(20)
        let (_, timelines) = try Self.range(bobWalking: Self.sharpTurn, for: .seconds(6), step: step)
        let turn = Duration.seconds(3)
        for timeline in timelines {
            let updates = timeline.filter { $0.isUpdate && $0.time > .seconds(1) }
            let outsideTurn = updates.filter { $0.time < turn || $0.time > turn + .milliseconds(800) }
            let worst = outsideTurn.map { Self.error(of: $0, on: Self.sharpTurn, step: step) }.max()
            #expect((worst ?? .infinity) < 0.15)
            // Just after the turn the constant-velocity filter coasts on outward: it overshoots.
            let duringTurn = updates.filter { $0.time >= turn && $0.time <= turn + .milliseconds(800) }
            #expect(duringTurn.contains { ($0.distance ?? 0) > 6.5 })
        }
    }
}
