import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// Attacks in ``AttackRoom``: each runs against the secured stack, and against the same stack
/// with its frames unsecured, which shows that the attack lands where nothing stops it.
@Suite("Sessions: attackers in the room")
struct AttackSessionTests {
    static let trueDistance = AttackRoom.trueDistance

    static func run(
        rogue: String, securesFrames: Bool = true, seconds: Double = 4, board: String = AttackRoom.defaultBoard
    ) throws -> AttackRoom.Outcome {
        try AttackRoom.run(rogue: rogue, securesFrames: securesFrames, seconds: seconds, board: board)
    }

    @Test("a replayer's old frames are all dropped as replays or bad MICs; every distance stays true and the sessions go on")
    func replayer() throws {
        let outcome = try Self.run(rogue: AttackRoom.replayer)
        #expect(outcome.sent > 100, "\(outcome.sent) frames replayed")
        #expect((outcome.rejected[.replayed] ?? 0) > 50, "\(outcome.rejected)")
        #expect(outcome.distances.count > 20)
        #expect(outcome.worstError < 0.15, "worst \(outcome.worstError) m")
        #expect(outcome.ended.isEmpty, "\(outcome.ended)")
    }

    @Test("a forger's REPORTs claiming 0.3 m fail their MIC: no distance moves, though rounds whose REPORT it drowned fail; unsecured, the victim measures its claim")
    func forger() throws {
        let rogue = AttackRoom.forger
        let secured = try Self.run(rogue: rogue)
        #expect(secured.sent > 10)
        #expect((secured.rejected[.badMessageIntegrityCode] ?? 0) > 10, "\(secured.rejected)")
        #expect(secured.worstError < 0.15, "worst \(secured.worstError) m over \(secured.distances.count) distances")
        let plain = try Self.run(rogue: rogue, securesFrames: false)
        #expect(plain.distances.contains { abs($0 - 0.3) < 0.2 }, "unsecured, the forged distance is measured: \(plain.distances.prefix(20))")
    }

    @Test("an early responder's RESPONSEs fail their MIC: no distance moves; unsecured, the initiator measures a shorter distance")
    func earlyResponder() throws {
        let rogue = AttackRoom.earlyResponder
        let secured = try Self.run(rogue: rogue)
        #expect(secured.sent > 10)
        #expect((secured.rejected[.badMessageIntegrityCode] ?? 0) > 10, "\(secured.rejected)")
        #expect(secured.worstError < 0.15, "worst \(secured.worstError) m over \(secured.distances.count) distances")
        let plain = try Self.run(rogue: rogue, securesFrames: false)
        #expect(plain.distances.contains { $0 < Self.trueDistance - 1 }, "unsecured, the early RESPONSE shortens the distance: \(plain.distances.prefix(20))")
    }

    @Test("a jammer on a tenth of the air slows the sessions but moves no distance; on all of it, the peers are removed with .timeout")
    func jammer() throws {
        let third = try Self.run(rogue: AttackRoom.jammer(dutyCycle: 0.1))
        #expect(third.sent > 100)
        #expect(third.distances.count > 10)
        #expect(third.worstError < 0.15, "worst \(third.worstError) m")
        let full = try Self.run(rogue: AttackRoom.jammer(dutyCycle: 1), seconds: 6)
        #expect(full.ended.contains { $0.hasSuffix("timeout") }, "\(full.ended)")
    }

    @Test("an early-path attacker advancing Alice's and Bob's first paths by 2 m: DW1000 sessions measure 2 m (4 m less the advance); DW3000 STS sessions drop every attacked frame as an STS mismatch, measure nothing, and remove each other with .timeout")
    func earlyPath() throws {
        // DS-TWR under an advance A of every receive timestamp at both ends: Ra and Rb (rounds)
        // shrink by A, Da and Db (replies) grow by A, so Ra + Rb + Da + Db is unchanged and
        // (Ra·Rb − Da·Db) shrinks by A·(Ra + Rb + Da + Db): the time of flight shrinks by exactly A.
        let expected = Self.trueDistance - AttackRoom.earlyPathAdvance
        let dw1000 = try Self.run(rogue: AttackRoom.earlyPath)
        #expect(dw1000.sent == 0)
        #expect(dw1000.distances.count > 20, "\(dw1000.distances.count) distances")
        #expect(dw1000.distances.allSatisfy { abs($0 - expected) < 0.15 }, "DW1000 distances: \(dw1000.distances.prefix(20))")
        let dw3000 = try Self.run(rogue: AttackRoom.earlyPath, board: "ft232h-dwm3000-single")
        #expect((dw3000.rejected[.secureTimestampMismatch] ?? 0) > 20, "\(dw3000.rejected)")
        #expect(dw3000.distances.isEmpty, "DW3000 distances: \(dw3000.distances.prefix(20))")
        // With every round dropped, the peers fall silent to each other and are removed.
        #expect(dw3000.ended.allSatisfy { $0.hasSuffix("timeout") }, "\(dw3000.ended)")
        #expect(dw3000.distances.allSatisfy { $0 > Self.trueDistance - 0.15 }, "DW3000 distances: \(dw3000.distances.prefix(20))")
        print("early path in the room: DW1000 \(dw1000.distances.count) distances, \(dw1000.distances.min() ?? 0) to \(dw1000.distances.max() ?? 0) m; DW3000 \(dw3000.distances.count) distances, dropped \(dw3000.rejected), ended \(dw3000.ended.count)")
    }
}
