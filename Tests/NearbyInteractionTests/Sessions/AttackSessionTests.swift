import EmulatedRanging
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

    static func run(rogue: String, securesFrames: Bool = true, seconds: Double = 4) throws -> AttackRoom.Outcome {
        try AttackRoom.run(rogue: rogue, securesFrames: securesFrames, seconds: seconds)
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
}
