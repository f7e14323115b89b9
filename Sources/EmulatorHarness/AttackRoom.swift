import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// The room the attack tests and the security benchmark share: Alice and Bob 4 m apart ranging
/// through their sessions (Bob initiates, with these seeds) while Mallory, a rogue device half a
/// metre from Bob sending 10 dB above the emission mask, so that her frames reach him before the
/// real ones and capture his receiver, attacks from the first second on.
public enum AttackRoom {
    /// Alice and Bob's true distance.
    public static let trueDistance = 4.0
    /// When the attacks start, in simulated seconds.
    public static let attackStart = 1.0

    /// Mallory's `rogue` objects for the attacks measured: a replayer resending 2 ms later, a
    /// forger claiming 0.3 m, an early responder at its slot's time, and a jammer on `dutyCycle`
    /// of the air, each from ``attackStart``.
    public static let replayer = #"{ "kind": "replayer", "startSeconds": 1, "delaySeconds": 0.002 }"#
    /// The forger (see ``replayer``).
    public static let forger = #"{ "kind": "forger", "startSeconds": 1, "claimMetres": 0.3 }"#
    /// The early responder (see ``replayer``).
    public static let earlyResponder = #"{ "kind": "early-responder", "startSeconds": 1, "leadSeconds": 0 }"#
    /// An early-path attacker (the "Ghost Peak" distance reduction) that makes the preamble's
    /// first path of every frame reaching Alice and Bob look 2 m early (see ``replayer``).
    public static let earlyPath = #"{ "kind": "early-path", "startSeconds": 1, "advanceMetres": 2, "victims": ["alice", "bob"] }"#
    /// How far ``earlyPath`` advances the first path, in metres.
    public static let earlyPathAdvance = 2.0
    /// The jammer on `dutyCycle` of the air (see ``replayer``).
    public static func jammer(dutyCycle: Double) -> String {
        #"{ "kind": "jammer", "startSeconds": 1, "dutyCycle": \#(dutyCycle) }"#
    }

    /// What a run of the room saw from half a second after the attack started.
    public struct Outcome: Sendable {
        /// Every distance Alice and Bob measured.
        public let distances: [Double]
        /// Removals and invalidations, as sentences.
        public let ended: [String]
        /// The frames Mallory sent.
        public let sent: Int
        /// The frames Alice and Bob dropped, by reason.
        public let rejected: [FrameRejection: Int]
        /// How long the measured part of the run lasted.
        public let measuredSeconds: Double

        /// The largest error of a measured distance, 0 without any.
        public var worstError: Double {
            errors.max() ?? 0
        }

        /// The error of each measured distance.
        public var errors: [Double] {
            distances.map { abs($0 - AttackRoom.trueDistance) }
        }

        /// Distance updates per second and per session.
        public var updateRate: Double {
            Double(distances.count) / 2 / measuredSeconds
        }
    }

    /// Alice and Bob's board when the caller names none: a DW1000 without an STS.
    public static let defaultBoard = "ft232h-dw1000-single"

    /// The room with Mallory's `rogue` object (the JSON of a scenario device's `rogue` key; `nil`
    /// leaves her out), run for `seconds` with the sessions' frames secured or not, Alice and Bob
    /// on `board` (a DW3000 board's sessions range with an STS).
    public static func run(
        rogue: String?, securesFrames: Bool = true, seconds: Double = 4, board: String = defaultBoard
    ) throws -> Outcome {
        let mallory = rogue.map {
            #", { "name": "mallory", "board": "ft232h-dw1000-single", "position": [0.3, 0, -3.5], "txPowerDBm": -4.3, "rogue": \#($0) }"#
        } ?? ""
        let json = """
        {
          "name": "attack", "seed": 3, "durationSeconds": \(seconds), "channel": { "model": "free-space" },
          "devices": [
            { "name": "alice", "board": "\(board)", "position": [0, 0, 0] },
            { "name": "bob", "board": "\(board)", "position": [0, 0, -4], "orientation": { "yawDegrees": 180 } }\(mallory)
          ]
        }
        """
        let scenario = try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [])
        let mesh = try SessionMesh(
            emulation: try Emulation.withAttackers(scenario: scenario), interval: nil, tokenSeed: 9, hub: nil,
            securesFrames: securesFrames)
        var distances: [Double] = []
        var ended: [String] = []
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
        let rejected = mesh.deviceNames.reduce(into: [FrameRejection: Int]()) {
            $0.merge(mesh.rejectedFrames(of: $1), uniquingKeysWith: +)
        }
        return Outcome(
            distances: distances, ended: ended, sent: mesh.attackers["mallory"]?.framesSent ?? 0, rejected: rejected,
            measuredSeconds: seconds - attackStart - 0.5)
    }
}
