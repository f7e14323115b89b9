import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBRanging
@testable import UWBEmulator

/// STS sessions in which frames go unheard altogether: Bob steps out of range for a moment, so
/// his receiver never detects some of Alice's preambles (and hers some of his). Unlike a frame
/// lost after the preamble lock, an undetected frame leaves the receiving chip's STS counter
/// where it was while the sender's moved on; unless the peers agree on each round's STS counters
/// again, every later STS fails and the session stops ranging for good.
@Suite("Sessions: STS after frames never detected")
struct SecureTimestampOutOfRangeTests {
    /// Bob stands 4 m from Alice, at 2 s runs 3 km away at 10 km/s (0.3 s), waits there 0.4 s,
    /// and is back 4 m away 0.3 s later: for about a second no preamble crosses between them.
    static let trajectory = SessionWorld.walk(
        from: Vector3(x: 0, y: 0, z: -4),
        through: [
            (Vector3(x: 0, y: 0, z: -4.001), 0.0005),
            (Vector3(x: 0, y: 0, z: -3000), 10_000),
            (Vector3(x: 0, y: 0, z: -3000.4), 1),
            (Vector3(x: 0, y: 0, z: -4), 10_000),
        ])

    @Test("a DWM3000 pair that loses each other for a second ranges with an STS again within a second of coming back, no distance wrong")
    func rangingResumesAfterUndetectedFrames() throws {
        let pair = try SessionPair(
            bob: Vector3(x: 0, y: 0, z: -4), bobTrajectory: Self.trajectory, bobYaw: .degrees(180),
            aliceBoard: "ft232h-dwm3000-single", bobBoard: "ft232h-dwm3000-single")
        try pair.run(interval: .milliseconds(100))
        let timelines = pair.world.advance(by: .seconds(6), step: .milliseconds(100), watching: pair.logs)
        for (timeline, (log, name)) in zip(timelines, zip(pair.logs, ["alice", "bob"])) {
            let updates = timeline.filter { $0.isUpdate && $0.distance != nil }
            // Away from about 2.0 s to 3.0 s: distances before, none far away, and again after 4 s.
            let before = updates.filter { $0.time <= .seconds(2) }
            let after = updates.filter { $0.time > .seconds(4) }
            #expect(before.count >= 10, "\(name): \(before.count) distances before leaving")
            let rejected = try pair.world.service(name).rejectedFrames
            #expect(after.count >= 15, "\(name): \(after.count) distances in the last 2 s; rejected: \(rejected)")
            #expect((before + after).allSatisfy { abs(Double($0.distance ?? 0) - 4) < 0.15 }, "\(name): \(updates)")
            #expect(log.errors.isEmpty, "\(name): \(log.errors)")
        }
    }
}
