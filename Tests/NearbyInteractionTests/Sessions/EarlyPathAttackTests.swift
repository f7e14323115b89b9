import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBRanging

/// The early-path ("Ghost Peak") attacker of `Docs/security.md`: from the first second on, the
/// preamble's first path of every frame reaching Alice and Bob, 5 m apart, looks 2 m early at the
/// genuine first path's power (``Medium/advanceFirstPath(at:by:from:)``).
@Suite("Sessions: an early-path attacker")
struct EarlyPathAttackTests {
    static let trueDistance = 5.0
    static let advance = 2.0
    static let attackStart = Duration.seconds(1)

    /// Alice and Bob on `board`, attacked from ``attackStart``: every distance they measured from
    /// half a second after the attack started (both logs), the frames they dropped, and how many
    /// distances they measured before then.
    static func attacked(board: String) throws -> (distances: [Double], rejected: [FrameRejection: Int], before: Int) {
        let pair = try SessionPair(
            bob: Vector3(x: 0, y: 0, z: -trueDistance), bobYaw: .degrees(180), aliceBoard: board, bobBoard: board)
        for victim in ["alice", "bob"] {
            try pair.world.emulation.medium.advanceFirstPath(at: victim, by: Distance(metres: advance), from: attackStart)
        }
        try pair.run()
        pair.world.advance(by: attackStart + .milliseconds(500))
        let before = pair.logs.map(\.distances.count)
        pair.world.advance(by: .seconds(2))
        let distances = zip(pair.logs, before).flatMap { log, count in log.distances.dropFirst(count).map(Double.init) }
        var rejected: [FrameRejection: Int] = [:]
        for name in ["alice", "bob"] {
            rejected.merge(try pair.world.service(name).rejectedFrames, uniquingKeysWith: +)
        }
        return (distances, rejected, before.reduce(0, +))
    }

    @Test("DW1000 sessions, without an STS, measure 3 m: 5 m less the 2 m advance, as the DS-TWR formula gives")
    func dw1000() throws {
        // Every receive timestamp at both ends is A early: the rounds Ra and Rb shrink by A and the
        // replies Da and Db grow by A, so Ra + Rb + Da + Db is unchanged and Ra·Rb − Da·Db shrinks
        // by A·(Ra + Rb + Da + Db): the time of flight (Ra·Rb − Da·Db)/(Ra + Rb + Da + Db) shrinks
        // by exactly A, 5 m − 2 m = 3 m.
        let outcome = try Self.attacked(board: "ft232h-dw1000-single")
        print("early path, DW1000: \(outcome.distances.count) distances, \(outcome.distances.min() ?? 0) to \(outcome.distances.max() ?? 0) m, dropped \(outcome.rejected)")
        #expect(outcome.distances.count >= 20, "\(outcome.distances.count) distances")
        #expect(outcome.distances.allSatisfy { abs($0 - (Self.trueDistance - Self.advance)) < 0.15 }, "\(outcome.distances)")
    }

    @Test("DW3000 STS sessions drop every attacked frame as an STS mismatch and measure nothing shorter than 5 m less 15 cm")
    func dw3000() throws {
        let outcome = try Self.attacked(board: "ft232h-dwm3000-single")
        print("early path, DW3000: \(outcome.distances.count) distances, dropped \(outcome.rejected), \(outcome.before) distances before")
        #expect(outcome.before >= 10, "the STS sessions ranged before the attack: \(outcome.before) distances")
        #expect((outcome.rejected[.secureTimestampMismatch] ?? 0) >= 20, "\(outcome.rejected)")
        #expect(outcome.distances.allSatisfy { $0 > Self.trueDistance - 0.15 }, "\(outcome.distances)")
    }

    @Test("advancing a device the emulation does not have is refused, naming it")
    func unknownVictim() throws {
        let pair = try SessionPair(bob: Vector3(x: 0, y: 0, z: -Self.trueDistance))
        #expect(throws: EmulationError.unknownDevice("carol", available: ["alice", "bob"])) {
            try pair.world.emulation.medium.advanceFirstPath(at: "carol", by: Distance(metres: 1), from: .zero)
        }
    }
}
