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
    public var start: Duration { radio.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let radio: AttackerRadio
    private var random: SeededRandom

    /// An early responder `lead` early, from `start` on, on `board` and a generator
    /// seeded with `seed` for its guesses.
    public init(lead: Duration, start: Duration, board: BoardDescription, seed: UInt64) {
        self.lead = lead
        radio = AttackerRadio(board: board, start: start)
        random = SeededRandom(seed: seed)
    }

    /// Starts listening at ``start``.
    public func start(on radio: DeviceRadio) {
        self.radio.begin(on: radio) { [weak self] in
            self?.radio.listen(on: radio)
        }
    }

    /// Answers each group POLL heard with an early RESPONSE for its first slot.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        guard chip == 0, self.radio.isActive else { return }
        if case .frameReceived(let received) = event, let poll = try? RangingFrame(decoding: received.frame),
           case .groupPoll(let entries) = poll.message, let entry = entries.first {
            let response = RangingFrame(
                session: entry.session, round: poll.round, source: entry.responder, destination: poll.source, pan: poll.pan,
                message: .response,
                protection: GuessedProtection.forging(.response, as: .responder, after: poll.protection, using: &random))
            let planned = self.radio.planned(
                after: received, offset: { GroupRoundSchedule(responders: entries.count, timing: $0).responseOffset(slot: 0) },
                lead: lead, on: radio)
            if let octets = try? response.encoded(), self.radio.send(octets, plannedAt: planned, on: radio) {
                framesSent += 1
                return
            }
        }
        self.radio.listen(on: radio)
    }
}
