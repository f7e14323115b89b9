import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBRanging

/// `uwb-benchmarks security`: each attacker of the emulator against a pair of sessions, with the
/// frames secured and (for comparison) unsecured, and what security costs: octets and airtime per
/// round, and CPU per MIC. Prints markdown tables; progress goes to standard error. Results and
/// how to read them: `Docs/benchmarks.md`, "Security".
struct SecurityBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "security",
        abstract: "Measure the attackers against secured and unsecured sessions, and the cost of security.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Security\".")

    @Option(help: "Virtual seconds each room runs (the attack starts at 1 s, updates count from 1.5 s).")
    var seconds = 20.0

    @Option(help: "MICs computed and checked for the CPU figures.")
    var iterations = 20_000

    func validate() throws {
        guard seconds >= 3, seconds <= 600, iterations >= 100 else {
            throw ValidationError("give --seconds from 3 to 600 and --iterations of at least 100")
        }
    }

    /// The attacks measured: a name, the rogue object of the attack room (`nil`: no attacker) and
    /// Alice and Bob's board.
    static let attacks: [(name: String, rogue: String?, board: String)] = [
        ("none", nil, AttackRoom.defaultBoard),
        ("replayer, 2 ms later", AttackRoom.replayer, AttackRoom.defaultBoard),
        ("forger, claiming 0.3 m", AttackRoom.forger, AttackRoom.defaultBoard),
        ("early responder", AttackRoom.earlyResponder, AttackRoom.defaultBoard),
        ("jammer, 10 % of the air", AttackRoom.jammer(dutyCycle: 0.1), AttackRoom.defaultBoard),
        ("early path, 2 m (DW1000)", AttackRoom.earlyPath, AttackRoom.defaultBoard),
        ("early path, 2 m (DW3000; an STS when secured)", AttackRoom.earlyPath, "ft232h-dwm3000-single"),
    ]

    func run() throws {
        try printAttacks()
        printAirtime()
        try printProcessing()
    }

    private func printAttacks() throws {
        print("## Attacks: Alice and Bob 4 m apart, Mallory 0.58 m from Bob, \(Formatting.fixed(seconds, 0)) virtual s\n")
        var table = MarkdownTable([
            "attack", "frames", "Mallory sent", "dropped by Alice and Bob", "updates/s per session", "median error (cm)",
            "worst error (cm)", "distances off by > 15 cm",
        ])
        for attack in Self.attacks {
            for secured in [true, false] {
                progress("security: \(attack.name), \(secured ? "secured" : "unsecured")")
                let outcome = try AttackRoom.run(rogue: attack.rogue, securesFrames: secured, seconds: seconds, board: attack.board)
                let errors = outcome.errors.sorted()
                let dropped = outcome.rejected.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.rawValue)" }
                table.append([
                    attack.name, secured ? "secured" : "unsecured", attack.rogue == nil ? "–" : "\(outcome.sent)",
                    dropped.isEmpty ? "0" : dropped.joined(separator: ", "), Formatting.fixed(outcome.updateRate, 2),
                    errors.isEmpty ? "–" : Formatting.fixed(errors[errors.count / 2] * 100, 1),
                    errors.isEmpty ? "–" : Formatting.fixed((errors.last ?? 0) * 100, 1),
                    "\(errors.filter { $0 > 0.15 }.count) of \(errors.count)",
                ])
            }
        }
        print(table.markdown + "\n")
    }

    private func printAirtime() {
        let configuration = RadioConfig.ranging
        print("## Octets and airtime per frame and per round (channel 5, 6.8 Mb/s, 128-symbol preamble)\n")
        var table = MarkdownTable(["frame or round", "plain octets", "secured octets", "plain airtime (µs)", "secured airtime (µs)", "more air"])
        func row(_ name: String, _ frames: [(RangingMessageType, Int)]) {
            let plain = frames.map { $0.0.frameLength(secured: false, responders: $0.1) }
            let secured = frames.map { $0.0.frameLength(secured: true, responders: $0.1) }
            let plainAir = plain.map { configuration.airtime(frameLength: $0).secondsValue }.reduce(0, +)
            let securedAir = secured.map { configuration.airtime(frameLength: $0).secondsValue }.reduce(0, +)
            table.append([
                name, "\(plain.reduce(0, +))", "\(secured.reduce(0, +))", Formatting.fixed(plainAir * 1e6, 1),
                Formatting.fixed(securedAir * 1e6, 1), Formatting.signed((securedAir / plainAir - 1) * 100) + " %",
            ])
        }
        for type in [RangingMessageType.poll, .response, .final, .report] {
            row(type.description, [(type, 1)])
        }
        for responders in [1, 9] {
            row("group round of \(responders)", [(.groupPoll, responders)] + Array(repeating: (.response, 1), count: responders)
                + [(.groupFinal, responders)] + Array(repeating: (.report, 1), count: responders))
        }
        print(table.markdown + "\n")
    }

    private func printProcessing() throws {
        print("## CPU per frame (one core, \(iterations) frames each)\n")
        let keys = try SessionKeys(
            initiatorKey: Array(0x00...0x0F), responderKey: Array(0x10...0x1F),
            initiatorNonceAddress: 1, responderNonceAddress: 2)
        let session = SessionIdentifier(rawValue: 0xDEAD_BEEF)
        func link(_ role: RangingRole, secured: Bool) -> RangingLink {
            RangingLink(
                session: session, pan: RangingFrameFormat.defaultPAN, localAddress: role == .initiator ? 1 : 2,
                peerAddress: role == .initiator ? 2 : 1, protection: secured ? LinkProtection(keys: keys, role: role) : nil)
        }
        let final = RangingMessage.final(
            pollTransmitted: DeviceTime(wrapping: 1), responseReceived: DeviceTime(wrapping: 2), finalTransmitted: DeviceTime(wrapping: 3))
        var table = MarkdownTable(["frames", "encode (µs per frame)", "decode and check (µs per frame)"])
        for secured in [false, true] {
            let sender = link(.initiator, secured: secured)
            let receiver = link(.responder, secured: secured)
            var octets: [UInt8] = []
            let encode = ContinuousClock().measure {
                for round in 0..<iterations {
                    octets = (try? sender.encode(round: UInt16(truncatingIfNeeded: round), message: final)) ?? []
                }
            }
            var accepted = 0
            let decode = ContinuousClock().measure {
                for _ in 0..<iterations where (try? receiver.decode(octets, advancing: false)) != nil {
                    accepted += 1
                }
            }
            guard accepted == iterations else { throw ValidationError("only \(accepted) of \(iterations) frames decoded") }
            table.append([
                secured ? "secured FINAL" : "plain FINAL", Formatting.fixed(encode.secondsValue / Double(iterations) * 1e6, 2),
                Formatting.fixed(decode.secondsValue / Double(iterations) * 1e6, 2),
            ])
        }
        print(table.markdown + "\n")
    }
}
