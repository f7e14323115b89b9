import EmulatedRanging
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// Alice and Bob 4 m apart range through their sessions (Bob initiates, with these seeds) while
/// Mallory, a rogue device half a metre from Bob sending 10 dB above the emission mask (so that
/// her frames reach him before the real ones, loud enough to capture his receiver), attacks. Each attack runs against the secured stack, and against the same stack with its
/// frames unsecured, which shows that the attack lands where nothing stops it.
@Suite("Sessions: attackers in the room")
struct AttackSessionTests {
    static let trueDistance = 4.0

    /// What a run of the room saw.
    struct Outcome {
        /// Every distance Alice and Bob measured, after the attack began.
        let distances: [Double]
        /// Removals and invalidations.
        let ended: [String]
        /// Frames Mallory sent.
        let sent: Int
        /// Frames Alice and Bob dropped, by reason.
        let rejected: [FrameRejection: Int]

        /// The largest error of a measured distance.
        var worstError: Double {
            distances.map { abs($0 - AttackSessionTests.trueDistance) }.max() ?? 0
        }
    }

    /// The room with Mallory's `rogue` object (JSON), run for `seconds`.
    static func run(rogue: String, securesFrames: Bool = true, seconds: Double = 4) throws -> Outcome {
        let json = """
        {
          "name": "attack", "seed": 3, "durationSeconds": \(seconds), "channel": { "model": "free-space" },
          "devices": [
            { "name": "alice", "board": "ft232h-dw1000-single", "position": [0, 0, 0] },
            { "name": "bob", "board": "ft232h-dw1000-single", "position": [0, 0, -4], "orientation": { "yawDegrees": 180 } },
            { "name": "mallory", "board": "ft232h-dw1000-single", "position": [0.3, 0, -3.5], "txPowerDBm": -4.3, "rogue": \(rogue) }
          ]
        }
        """
        let scenario = try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        let mesh = try SessionMesh(
            emulation: try Emulation.withAttackers(scenario: scenario), interval: nil, tokenSeed: 9, hub: nil,
            securesFrames: securesFrames)
        #expect(mesh.deviceNames == ["alice", "bob"], "Mallory has no session")
        var distances: [Double] = []
        var ended: [String] = []
        let attackStart = 1.0
        var time = 0.0
        while time < seconds {
            time += 0.5
            mesh.run(until: SimulationTime(seconds: time), pacing: WallClockPacing(), speed: 0)
            for report in mesh.collect() {
                switch report.event {
                case .measured(let object, _):
                    if time > attackStart + 0.5, let distance = object.distance {
                        distances.append(Double(distance))
                    }
                case .removed(let reason):
                    ended.append("\(report.device) removed \(report.peer): \(reason)")
                case .invalidated(let error):
                    ended.append("\(report.device) invalidated: \(error)")
                case .started:
                    break
                }
            }
        }
        let rejected = ["alice", "bob"].reduce(into: [FrameRejection: Int]()) {
            $0.merge(mesh.rejectedFrames(of: $1), uniquingKeysWith: +)
        }
        return Outcome(distances: distances, ended: ended, sent: mesh.attackers["mallory"]?.framesSent ?? 0, rejected: rejected)
    }

    @Test("a replayer's old frames are all dropped as replays or bad MICs; every distance stays true and the sessions go on")
    func replayer() throws {
        let outcome = try Self.run(rogue: #"{ "kind": "replayer", "startSeconds": 1, "delaySeconds": 0.002 }"#)
        #expect(outcome.sent > 100, "\(outcome.sent) frames replayed")
        #expect((outcome.rejected[.replayed] ?? 0) > 50, "\(outcome.rejected)")
        #expect(outcome.distances.count > 20)
        #expect(outcome.worstError < 0.15, "worst \(outcome.worstError) m")
        #expect(outcome.ended.isEmpty, "\(outcome.ended)")
    }

    @Test("a forger's REPORTs claiming 0.3 m fail their MIC: no distance moves, though rounds whose REPORT it drowned fail; unsecured, the victim measures its claim")
    func forger() throws {
        let rogue = #"{ "kind": "forger", "startSeconds": 1, "claimMetres": 0.3 }"#
        let secured = try Self.run(rogue: rogue)
        #expect(secured.sent > 10)
        #expect((secured.rejected[.badMessageIntegrityCode] ?? 0) > 10, "\(secured.rejected)")
        #expect(secured.worstError < 0.15, "worst \(secured.worstError) m over \(secured.distances.count) distances")
        let plain = try Self.run(rogue: rogue, securesFrames: false)
        #expect(plain.distances.contains { abs($0 - 0.3) < 0.2 }, "unsecured, the forged distance is measured: \(plain.distances.prefix(20))")
    }

    @Test("an early responder's RESPONSEs fail their MIC: no distance moves; unsecured, the initiator measures a shorter distance")
    func earlyResponder() throws {
        let rogue = #"{ "kind": "early-responder", "startSeconds": 1, "leadSeconds": 0 }"#
        let secured = try Self.run(rogue: rogue)
        #expect(secured.sent > 10)
        #expect((secured.rejected[.badMessageIntegrityCode] ?? 0) > 10, "\(secured.rejected)")
        #expect(secured.worstError < 0.15, "worst \(secured.worstError) m over \(secured.distances.count) distances")
        let plain = try Self.run(rogue: rogue, securesFrames: false)
        #expect(plain.distances.contains { $0 < Self.trueDistance - 1 }, "unsecured, the early RESPONSE shortens the distance: \(plain.distances.prefix(20))")
    }

    @Test("a jammer on a tenth of the air slows the sessions but moves no distance; on all of it, the peers are removed with .timeout")
    func jammer() throws {
        let third = try Self.run(rogue: #"{ "kind": "jammer", "startSeconds": 1, "dutyCycle": 0.1 }"#)
        #expect(third.sent > 100)
        #expect(third.distances.count > 10)
        #expect(third.worstError < 0.15, "worst \(third.worstError) m")
        let full = try Self.run(rogue: #"{ "kind": "jammer", "startSeconds": 1, "dutyCycle": 1 }"#, seconds: 6)
        #expect(full.ended.contains { $0.hasSuffix("timeout") }, "\(full.ended)")
    }
}
