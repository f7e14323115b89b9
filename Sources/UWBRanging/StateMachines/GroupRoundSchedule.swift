import UWBCore

/// When every frame of a group round goes on the air, for `responders` responders: the
/// one-to-many double-sided exchange that ``GroupInitiator`` runs and ``Responder`` answers.
///
/// ```
/// POLL ─ pollGap ─ RESPONSE₀ ─ slot ─ RESPONSE₁ … RESPONSEₖ₋₁ ─ replyDelay ─ FINAL
/// FINAL ─ reportGap ─ REPORT₀ ─ slot ─ REPORT₁ … REPORTₖ₋₁
/// ```
///
/// Offsets are between RX/TX timestamps (RMARKERs). Both sides derive the schedule alike from
/// the responder count a group POLL carries and their ``RangingTiming``; so does any other device
/// that hears the POLL or the FINAL and wants to know how long the air stays taken.
///
/// - `pollGap` and `reportGap` are the reply delay, lengthened by however much the group POLL
///   (or the longest group FINAL) outlasts a REPORT with a MIC, which the reply delay is sized
///   for: the responders must have received the whole frame before they can answer it.
/// - `slot` is ``RangingTiming/slotSpacing``.
/// - FINAL follows the last RESPONSE slot by the reply delay (a RESPONSE is shorter than the
///   frame the reply delay is sized for).
public struct GroupRoundSchedule: Hashable, Sendable {
    /// How many responders the round serves.
    public let responders: Int
    /// From POLL to the first slot's RESPONSE.
    public let pollGap: DeviceDuration
    /// From one slot to the next.
    public let slot: DeviceDuration
    /// From POLL to FINAL.
    public let finalOffset: DeviceDuration
    /// From FINAL to the first slot's REPORT.
    public let reportGap: DeviceDuration
    /// From FINAL to the end of the last slot's REPORT, when the air is free again.
    public let endAfterFinal: DeviceDuration

    /// The schedule of a round of `responders` responders (at least one) with `timing`.
    public init(responders: Int, timing: RangingTiming) {
        let responders = max(1, responders)
        self.responders = responders
        slot = timing.slotSpacing
        let sizedFor = RangingTiming.longestAirtime(timing.configuration)
        func gap(after type: RangingMessageType) -> DeviceDuration {
            let excess = timing.airtime(frameLength: type.frameLength(secured: true, responders: responders)) - sizedFor
            guard excess > .zero else { return timing.replyDelay }
            return timing.replyDelay + RangingTiming.wholeMicroseconds(excess.duration)
        }
        pollGap = gap(after: .groupPoll)
        reportGap = gap(after: .groupFinal)
        let lastSlot = slot * Int64(responders - 1)
        finalOffset = pollGap + lastSlot + timing.replyDelay
        endAfterFinal = reportGap + lastSlot + timing.airtime(.report) - timing.synchronisationHeader
    }

    /// From POLL to the RESPONSE of slot `slot`.
    public func responseOffset(slot index: Int) -> DeviceDuration {
        pollGap + slot * Int64(index)
    }

    /// From FINAL to the REPORT of slot `slot`.
    public func reportOffset(slot index: Int) -> DeviceDuration {
        reportGap + slot * Int64(index)
    }

    /// From POLL to the end of the round.
    public var endAfterPoll: DeviceDuration {
        finalOffset + endAfterFinal
    }

    /// How long the round holds the air, from the first symbol of POLL's preamble to the last of
    /// the last REPORT.
    public func airtime(configuration: RadioConfig) -> Duration {
        configuration.synchronisationHeaderDuration + endAfterPoll.duration
    }
}
