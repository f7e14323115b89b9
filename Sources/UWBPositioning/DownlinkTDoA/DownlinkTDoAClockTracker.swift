import UWBCore

/// A receiver's clock rate over an initiator anchor's, as a listening tag learns it from the
/// rounds: between two rounds, the interval between the Polls the receiver got over the interval
/// between the Polls the initiator sent (by the initiator's clock). For a responder anchor, the
/// Polls it got are its Responses' TX timestamps less its reply times; for the tag itself, the Polls
/// it heard. Anchors stand still, so their time of flight cancels; a tag moving at walking or
/// driving speed changes its flight by some 10⁻⁸ of the interval. The intervals of rounds 100 ms
/// apart make the ratio about 10⁻⁹ exact with 100 ps timestamps, where a clock offset measured on
/// one carrier (the fallback for a first round) is good to some 10⁻⁷, which over a 3 ms reply is
/// centimetres.
public struct DownlinkTDoAClockTracker: Sendable {
    /// Two Polls further apart than this are not compared: half a 40-bit clock's wrap (8.6 s),
    /// so that no interval can be taken modulo the wrong number of wraps.
    public static let longestInterval = Duration.seconds(DeviceClock.wrapPeriod.seconds / 2)
    /// ``longestInterval`` in seconds, once: every round compares against it.
    static let longestSeconds = longestInterval.secondsValue

    /// The last Poll each receiver got: its initiator, when the initiator sent it and when the
    /// receiver received it, and the rate it gave with the Poll before, if any.
    private var last: [UInt16: (initiator: UInt16, sent: DeviceTime, received: DeviceTime, ratio: Double?)] = [:]

    /// A tracker that knows no anchor yet.
    public init() {}

    /// Receiver `responder`'s clock rate over `initiator`'s, given the Poll the initiator sent at
    /// `pollSent` and the receiver received at `pollReceived` (each by its own clock); from the
    /// previous such Poll if there is one recent enough, else from `initiatorClockOffset`, which the
    /// receiver measured on the Poll's carrier.
    ///
    /// Without `pollSent` (the tag missed the Poll, so nothing says when it left) it is the rate
    /// the receiver's last two Polls gave, if the last came less than ``longestInterval`` before
    /// `pollReceived`: between rounds a fraction of a second apart a crystal's rate wanders far
    /// less than the 10⁻⁷ a carrier's offset measures it to. That Poll is not remembered.
    public mutating func clockRatio(
        of responder: UInt16, to initiator: UInt16, pollSent: DeviceTime?, pollReceived: DeviceTime,
        initiatorClockOffset: ClockOffset
    ) -> (ratio: Double, fromRounds: Bool) {
        // The receiver's entry looked up once, for the read and the write.
        let index = last.index(forKey: responder)
        let previous = index.flatMap { last.values[$0].initiator == initiator ? last.values[$0] : nil }
        let since = previous.map { pollReceived.elapsed(since: $0.received).seconds } ?? 0
        let recent = since > 0 && since < Self.longestSeconds
        let ratio: Double?
        if let pollSent {
            let sent = previous.map { pollSent.elapsed(since: $0.sent).seconds } ?? 0
            ratio = recent && sent > 0 && sent < Self.longestSeconds ? since / sent : nil
            if let index {
                last.values[index] = (initiator, pollSent, pollReceived, ratio)
            } else {
                last[responder] = (initiator, pollSent, pollReceived, ratio)
            }
        } else {
            ratio = recent ? previous?.ratio : nil
        }
        return ratio.map { ($0, true) } ?? (1 / (1 + initiatorClockOffset.ratio), false)
    }
}
