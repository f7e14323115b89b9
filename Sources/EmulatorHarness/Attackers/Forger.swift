import UWBCore
import UWBEmulator
import UWBRanging

/// A rogue device that forges the REPORTs of group rounds: on hearing a group FINAL it sends, for
/// slot 0, a REPORT in the responder's name whose timestamps make double-sided ranging give
/// ``claimed``, timed so that its RMARKER reaches the initiator ``lead`` before the real REPORT's
/// (it knows the documented schedule). Against plain frames, a receiver that locks onto it
/// measures the claimed distance; secured, its guessed MIC fails.
///
/// The timestamps: the group FINAL gives the initiator's round time Ra (RESPONSE RX − POLL TX)
/// and reply time Da (FINAL TX − RESPONSE RX); a responder reply time Db = Ra − 2τ and round
/// time Rb = Da + 2τ make (Ra·Rb − Da·Db) / (Ra + Rb + Da + Db) exactly τ, the claimed time of
/// flight.
public final class Forger: Attacker {
    /// The distance the forged REPORTs claim.
    public let claimed: Distance
    /// How much earlier than the real REPORT's the forged one's RMARKER leaves.
    public let lead: Duration
    /// When it starts listening.
    public var start: Duration { sender.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let sender: AttackSender
    private var random: SeededRandom
    /// The latest group POLL heard, whose entries the REPORT impersonates.
    private var poll: RangingFrame?

    /// A forger claiming `claimed`, `lead` early, from `start` on, on `radio` and a
    /// generator seeded with `seed` for its guesses.
    public init(claimed: Distance, lead: Duration, start: Duration, on radio: EmulatedRadio, seed: UInt64) {
        self.claimed = claimed
        self.lead = lead
        sender = AttackSender(on: radio, start: start)
        random = SeededRandom(seed: seed)
    }

    /// Starts listening at ``start``.
    public func radioStarted() {
        sender.beginListening()
    }

    /// Remembers group POLLs; answers each group FINAL of the same round with a forged REPORT.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0, sender.isActive else { return }
        guard case .frameReceived(let received) = event, let frame = try? RangingFrame(decoding: received.frame) else {
            sender.listen()
            return
        }
        switch frame.message {
        case .groupPoll:
            poll = frame
        case .groupFinal(let pollTransmitted, let finalTransmitted, let responses):
            if let poll, poll.round == frame.round, poll.source == frame.source,
               case .groupPoll(let entries) = poll.message, let entry = entries.first, let responseReceived = responses.first ?? nil,
               let octets = forgedReport(for: entry, in: frame, stamps: (pollTransmitted, responseReceived, finalTransmitted)) {
                let planned = sender.planned(
                    after: received, offset: { GroupRoundSchedule(responders: entries.count, timing: $0).reportOffset(slot: 0) },
                    lead: lead)
                if sender.send(octets, plannedAt: planned) {
                    framesSent += 1
                    return
                }
            }
        default:
            break
        }
        sender.listen()
    }

    /// The forged REPORT of `entry`'s responder for the group FINAL `final`, whose stamps for its
    /// slot are `stamps`.
    private func forgedReport(
        for entry: GroupPollEntry, in final: RangingFrame,
        stamps: (pollTransmitted: DeviceTime, responseReceived: DeviceTime, finalTransmitted: DeviceTime)
    ) -> [UInt8]? {
        let flight = claimed.metres / PhysicalConstants.speedOfLight.metresPerSecond * DeviceClock.ticksPerSecond
        let twice = DeviceDuration(ticks: Int64((2 * flight).rounded()))
        let roundTime = stamps.responseReceived - stamps.pollTransmitted
        let replyTime = stamps.finalTransmitted - stamps.responseReceived
        let pollReceived = DeviceTime(wrapping: UInt64.random(in: 0...DeviceClock.maximumTicks, using: &random))
        let responseTransmitted = pollReceived + (roundTime - twice)
        let finalReceived = responseTransmitted + (replyTime + twice)
        let message = RangingMessage.report(
            pollReceived: pollReceived, responseTransmitted: responseTransmitted, finalReceived: finalReceived,
            timeOfFlight: ReportedTimeOfFlight(ticks: flight))
        let forged = RangingFrame(
            session: entry.session, round: final.round, source: entry.responder, destination: final.source, pan: final.pan,
            message: message,
            protection: GuessedProtection.forging(message, as: .responder, after: final.protection, using: &random))
        return try? forged.encoded()
    }
}
