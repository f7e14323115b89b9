import UWBCore

/// Why a set of ranging timestamps cannot give a time of flight.
///
/// Every case names the spans involved (Ra, Db, …) as ``TwoWayRanging`` defines them.
public enum RangingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A span between two timestamps of one clock exceeds 2³⁹ ticks (≈ 8.6 s): the timestamps are in the
    /// wrong order, belong to different rounds, or the counter wrapped more than once in between.
    case intervalTooLong(span: String, ticks: Int64)
    /// A reply span is longer than the peer's round span that encloses it by more than clock offsets
    /// and ``TwoWayRanging/negativeTolerance`` explain: the timestamps do not describe one exchange.
    case replyLongerThanRound(reply: String, replyTicks: Int64, round: String, roundTicks: Int64)
    /// All four spans are zero, so the double-sided formula divides by zero.
    case degenerate
    /// The time of flight is below −``TwoWayRanging/negativeTolerance``: more than antenna-delay error
    /// and timestamp noise can explain.
    case negativeTimeOfFlight(TimeOfFlight)
    /// A clock offset is not finite or larger than ``TwoWayRanging/maximumClockOffset``.
    case invalidClockOffset(ClockOffset)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .intervalTooLong(let span, let ticks):
            "span \(span) is \(ticks) ticks, more than 2^39 (about 8.6 s); the timestamps are out of order or "
                + "come from different rounds — pair the timestamps of one round only"
        case .replyLongerThanRound(let reply, let replyTicks, let round, let roundTicks):
            "reply span \(reply) (\(replyTicks) ticks) is longer than round span \(round) (\(roundTicks) ticks) "
                + "beyond any clock offset; check that both sides' timestamps belong to the same round and the "
                + "same roles (initiator vs responder)"
        case .degenerate:
            "all ranging spans are zero, so no time of flight follows; the timestamps were probably never filled in"
        case .negativeTimeOfFlight(let timeOfFlight):
            "the time of flight is \(timeOfFlight), below the tolerance of "
                + "\(TwoWayRanging.negativeTolerance.ticks) ticks; check the antenna delays and the timestamp pairing"
        case .invalidClockOffset(let offset):
            "clock offset \(offset) is not a plausible crystal offset (at most "
                + "\(TwoWayRanging.maximumClockOffset) in magnitude); check how the carrier integrator is read"
        }
    }
}
