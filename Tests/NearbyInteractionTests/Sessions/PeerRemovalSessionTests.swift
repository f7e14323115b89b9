import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: a peer that goes out of range")
struct PeerRemovalSessionTests {
    /// The default removal timeout (``DeviceServiceSettings/removalTimeout``).
    static let removalTimeout = Duration.seconds(3)
    /// The step the timelines are stamped with.
    static let step = Duration.milliseconds(50)

    @Test("a peer walking away in free space is removed with .timeout one removal timeout after its last update, on both sides")
    func walksOutOfRange() throws {
        // From 20 m to 80 m at 4 m/s: the frames stop getting through somewhere past 30 m.
        let away = SessionWorld.walk(from: Vector3(x: 20, y: 0, z: 0), through: [(Vector3(x: 80, y: 0, z: 0), 4)])
        let pair = try SessionPair(bob: away.start.metres, bobTrajectory: away)
        try pair.run()
        let timelines = pair.world.advance(by: .seconds(15), step: Self.step, watching: pair.logs)

        for (name, timeline) in zip(["alice", "bob"], timelines) {
            #expect(timeline.filter { !$0.isUpdate }.map(\.call) == [.started, .removed(.timeout)], "\(name)")
            let updates = timeline.filter(\.isUpdate)
            guard let last = updates.last, let removal = timeline.first(where: { $0.call == .removed(.timeout) }) else {
                Issue.record("\(name): no updates or no removal")
                continue
            }
            #expect(updates.count >= 20, "\(name): \(updates.count) updates")
            // The link held while Bob was near and failed before he was 60 m away.
            let lastTrue = away.position(at: .zero + last.time).distance(to: .origin).metres
            #expect(lastTrue > 25 && lastTrue < 60, "\(name): last update at \(lastTrue) m")
            #expect(abs(Double(last.distance ?? 0) - lastTrue) < 1, "\(name): last distance \(String(describing: last.distance))")
            // Removed one removal timeout after the last measurement (stamps are late by up to a step).
            let silence = removal.time - last.time
            #expect(silence > Self.removalTimeout - Self.step && silence < Self.removalTimeout + .milliseconds(300),
                    "\(name): removed \(silence) after the last update")
            // Nothing after the removal.
            #expect(timeline.last == removal, "\(name): calls after the removal")
        }
    }

    @Test("a peer hidden behind a wall is removed; back in view it stays removed until both sides run again")
    func hiddenBehindWall() throws {
        // A 120 dB wall at x = 1…1.2 m whose edge at z = −1 m stands in the line from Alice at the origin
        // to x = 3 m from z = −2.7 m on. Bob walks from (3, 0, 0) behind it to z = −9 m and back at 1.5 m/s.
        // Round the edge his frames come through (ITU-R P.526's knife edge) until it stands far enough off
        // the line that its loss takes the 6.8 Mbps margin, beyond z ≈ −3.5 m (J(ν ≈ 1.8) ≈ 18 dB at 4 m)
        // to −4 m. So he is hidden from about 2.5 s to 9.5 s.
        let wall = try Obstacle(
            name: "wall", minimum: Position(metres: Vector3(x: 1, y: -5, z: -10)),
            maximum: Position(metres: Vector3(x: 1.2, y: 5, z: -1)), attenuation: PowerRatio(decibels: 120))
        let route = SessionWorld.walk(
            from: Vector3(x: 3, y: 0, z: 0), through: [(Vector3(x: 3, y: 0, z: -9), 1.5), (Vector3(x: 3, y: 0, z: 0), 1.5)])
        let pair = try SessionPair(bob: route.start.metres, bobTrajectory: route, obstacles: [wall])
        try pair.run()
        let timelines = pair.world.advance(by: .seconds(14), step: Self.step, watching: pair.logs)

        for (name, timeline) in zip(["alice", "bob"], timelines) {
            #expect(timeline.filter { !$0.isUpdate }.map(\.call) == [.started, .removed(.timeout)], "\(name)")
            let last = timeline.last(where: \.isUpdate)
            // Hidden from about 2.5 s: the last update comes before 3.2 s, the removal 3 s later.
            #expect(last.map { $0.time > .seconds(1.9) && $0.time < .seconds(3.2) } == true, "\(name): \(String(describing: last))")
            if let last, let removal = timeline.first(where: { $0.call == .removed(.timeout) }) {
                let silence = removal.time - last.time
                #expect(silence > Self.removalTimeout - Self.step && silence < Self.removalTimeout + .milliseconds(300))
            }
            // Back in view from about 9.5 s and at 3 m from 12 s, but no update: removed stays removed.
            #expect(timeline.last.map { $0.call == .removed(.timeout) } == true, "\(name): calls after the removal")
        }

        // Both run again: they start and measure Bob's 3 m.
        try pair.runAgain()
        pair.world.advance(by: .seconds(2))
        for log in pair.logs {
            #expect(log.lifecycle == [.started, .removed(.timeout), .started])
            let distances = log.distances.suffix(10)
            #expect(distances.count == 10)
            #expect(distances.allSatisfy { abs($0 - 3) < 0.15 }, "\(distances)")
        }
    }

    @Test("a peer that never runs is waited for without a removal, and measured once it runs")
    func peerThatNeverShowsUp() throws {
        let pair = try SessionPair(bob: Vector3(x: 5, y: 0, z: 0))
        let (world, alice, aliceLog, bob, bobLog) = (pair.world, pair.alice, pair.aliceLog, pair.bob, pair.bobLog)
        alice.run(try SessionWorld.configuration(naming: bob))
        world.advance(by: Self.removalTimeout * 4)
        #expect(aliceLog.calls == [.started])
        #expect(bobLog.calls.isEmpty)

        // Bob's app starts late: the two range at once.
        bob.run(try SessionWorld.configuration(naming: alice))
        world.advance(by: .seconds(2))
        #expect(aliceLog.lifecycle == [.started])
        #expect(bobLog.lifecycle == [.started])
        #expect(aliceLog.distances.count >= 15)
        #expect(aliceLog.distances.suffix(10).allSatisfy { abs($0 - 5) < 0.15 })
    }
}
