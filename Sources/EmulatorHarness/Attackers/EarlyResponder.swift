import UWBCore
import UWBEmulator
import UWBRanging

/// A rogue device that answers each group POLL's first slot in the responder's name: a
/// RESPONSE whose RMARKER reaches the initiator ``lead`` before the real one's would (it knows
/// the documented schedule), so that an initiator locking onto it measures a round time, hence a
/// distance, too short. Against plain frames it shortens the distance; secured, its guessed MIC
/// fails and the round, whose real RESPONSE it drowned, fails.
public final class EarlyResponder: Attacker {
    /// How much earlier than the real RESPONSE's its RMARKER leaves.
    public let lead: Duration
    /// When it starts listening.
    public var start: Duration { sender.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let sender: AttackSender
    private var random: SeededRandom

    /// An early responder `lead` early, from `start` on, on `radio` and a generator
    /// seeded with `seed` for its guesses.
    public init(lead: Duration, start: Duration, on radio: EmulatedRadio, seed: UInt64) {
        self.lead = lead
        sender = AttackSender(on: radio, start: start)
        random = SeededRandom(seed: seed)
    }

    /// Starts listening at ``start``.
    public func radioStarted() {
        sender.beginListening()
    }

    /// Answers each group POLL heard with an early RESPONSE for its first slot.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0, sender.isActive else { return }
        if case .frameReceived(let received) = event, let poll = try? RangingFrame(decoding: received.frame),
           case .groupPoll(let entries) = poll.message, let entry = entries.first {
            let response = RangingFrame(
                session: entry.session, round: poll.round, source: entry.responder, destination: poll.source, pan: poll.pan,
                message: .response,
                protection: GuessedProtection.forging(.response, as: .responder, after: poll.protection, using: &random))
            let planned = sender.planned(
                after: received, offset: { GroupRoundSchedule(responders: entries.count, timing: $0).responseOffset(slot: 0) },
                lead: lead)
            if let octets = try? response.encoded(), sender.send(octets, plannedAt: planned) {
                framesSent += 1
                return
            }
        }
        sender.listen()
    }
}
