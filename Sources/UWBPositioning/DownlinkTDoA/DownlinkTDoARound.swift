import UWBCore

/// What a listening tag heard of one DL-TDoA round (an initiator anchor's Poll, each responder
/// anchor's Response, the initiator's Final) and what the frames told it, turned into
/// pseudoranges: the tag's distances to the anchors, less one offset common to the round.
///
/// Every time is a reading of its own device's clock; no two clocks agree, on offset or on rate.
/// With `ρ` a responder's reply time (Response sent − Poll received, its clock), `ε` its clock
/// rate over the initiator's, `k` the tag's over the initiator's and the anchors' time of flight
/// `f` (the one the responder measured, ``Response/timeOfFlight``, else from their surveyed
/// positions), the Response left `f + ρ/ε` after the Poll in the initiator's time, so that
///
///     d(responder) − d(initiator) = c · ((τ_Response − τ_Poll) / k − f − ρ / ε).
///
/// The tag's rate `k` comes from two rounds where it can (``tagClockRatio``): the interval between
/// the initiator's Polls the tag heard over the one the initiator sent, 100 ms or so, against which
/// timestamp noise is negligible. Then the Final is a second reading of when the Poll reached the
/// tag (its reception less `k` times the Final−Poll interval the initiator sent), and `τ_Poll` is the
/// mean of the two. Without it, `k` is this round's Final−Poll interval heard over the one sent:
/// the Final's timestamp noise then scales every interval, a late responder's by almost all of it.
///
/// Intervals are taken modulo 2⁴⁰ ticks (``UWBCore/DeviceTime/elapsed(since:)``): a round of a few
/// milliseconds is right across any wrap of any clock, the 40-bit wrap every 17.2 s included
/// (32-bit timestamps, which wrap every 67 ms, gave Loco's TDoA3 its 25–100 m outliers).
public struct DownlinkTDoARound: Hashable, Sendable {
    /// One responder anchor's part of the round.
    public struct Response: Hashable, Sendable {
        /// The responder's name.
        public let responder: String
        /// Response sent − Poll received, in the responder's clock (its Response carries it).
        public let replyTime: DeviceDuration
        /// The responder's clock rate over the initiator's (1 + the offset its carrier frequency
        /// offset measures).
        public let clockRatio: Double
        /// When the tag received the Response, in the tag's clock.
        public let received: DeviceTime
        /// The time of flight between the responder and the initiator that the responder measured
        /// (two-way ranging over the earlier rounds) and its Response carried; `nil` if it carried
        /// none, when the surveyed distance's is taken.
        ///
        /// The measured one is better: the responder's reception of the Poll, which its reply
        /// time starts from, is timed by the same receiver as its ranging, so the multipath between
        /// the two anchors delays both alike.
        public let timeOfFlight: DeviceDuration?

        /// A responder's part.
        public init(
            responder: String, replyTime: DeviceDuration, clockRatio: Double, received: DeviceTime, timeOfFlight: DeviceDuration? = nil
        ) {
            self.responder = responder
            self.replyTime = replyTime
            self.clockRatio = clockRatio
            self.received = received
            self.timeOfFlight = timeOfFlight
        }
    }

    /// The initiator anchor's name.
    public let initiator: String
    /// When the initiator sent its Poll and its Final, in its clock (its frames carry them).
    public let pollSent: DeviceTime
    /// When the initiator sent its Final.
    public let finalSent: DeviceTime
    /// When the tag received the Poll and the Final, in the tag's clock.
    public let pollReceived: DeviceTime
    /// When the tag received the Final.
    public let finalReceived: DeviceTime
    /// The responders' parts.
    public let responses: [Response]
    /// The tag's clock rate over the initiator's from this round's Poll and an earlier one's
    /// (``DownlinkTDoAClockTracker``); `nil` when the tag heard no earlier Poll of the initiator
    /// recent enough, and this round's Final−Poll intervals give it.
    public let tagClockRatio: Double?

    /// A round as the tag heard it.
    public init(
        initiator: String, pollSent: DeviceTime, finalSent: DeviceTime, pollReceived: DeviceTime, finalReceived: DeviceTime,
        responses: [Response], tagClockRatio: Double? = nil
    ) {
        self.initiator = initiator
        self.pollSent = pollSent
        self.finalSent = finalSent
        self.pollReceived = pollReceived
        self.finalReceived = finalReceived
        self.responses = responses
        self.tagClockRatio = tagClockRatio
    }

    /// The round as pseudoranges for `solver`'s anchors, sharing the offset of clock `clock`: the
    /// initiator's 0, with the deviation `timestampDeviation` of the tag's reading of when the Poll
    /// arrived, and each responder's distance difference against that reading, with √2 times that:
    /// the tag's reception of the Response and the responder's of the Poll. Unlike differences,
    /// whose errors all share the Poll's reception, these errors are independent. Where the Final
    /// reads the Poll's arrival again the deviation stays: the two readings share their link's
    /// multipath, which in a cluttered site outweighs the timestamps' noise that the mean halves.
    ///
    /// - Throws: ``PositioningError/unknownAnchor(_:)`` for an anchor the solver does not have,
    ///   ``PositioningError/invalidMeasurement(_:)`` for a round whose Final does not follow its
    ///   Poll or a clock ratio that is not positive.
    public func pseudoranges(
        for solver: PositionSolver, clock: String, timestampDeviation: Distance
    ) throws(PositioningError) -> [PositionMeasurement] {
        guard let initiatorPosition = solver.anchors[initiator]?.position.metres else { throw .unknownAnchor(initiator) }
        let sent = finalSent.elapsed(since: pollSent).seconds
        let heard = finalReceived.elapsed(since: pollReceived).seconds
        guard sent > 0, heard > 0 else {
            throw .invalidMeasurement("a DL-TDoA round of \(initiator) whose Final does not follow its Poll")
        }
        // With the rate from two rounds, the Poll's arrival is the mean of its reception and the
        // Final's less the interval sent: `pollArrival` after the Poll's reception, by the tag's clock.
        let tagRate: Double
        let pollArrival: Double
        if let ratio = tagClockRatio, ratio > 0, ratio.isFinite {
            tagRate = ratio
            pollArrival = (heard - ratio * sent) / 2
        } else {
            tagRate = heard / sent
            pollArrival = 0
        }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let reference = PositionMeasurement.pseudorange(anchor: initiator, clock: clock, .zero, standardDeviation: timestampDeviation)
        return try [reference] + responses.map { (response) throws(PositioningError) -> PositionMeasurement in
            guard let position = solver.anchors[response.responder]?.position.metres else {
                throw .unknownAnchor(response.responder)
            }
            guard response.clockRatio > 0, response.clockRatio.isFinite else {
                throw .invalidMeasurement("responder \(response.responder)'s clock ratio \(response.clockRatio) is not positive")
            }
            let flight = response.timeOfFlight?.seconds ?? (position - initiatorPosition).length / speed
            let interval = (response.received.elapsed(since: pollReceived).seconds - pollArrival) / tagRate
            let difference = speed * (interval - flight - response.replyTime.seconds / response.clockRatio)
            return .pseudorange(
                anchor: response.responder, clock: clock, Distance(metres: difference),
                standardDeviation: Distance(metres: timestampDeviation.metres * 2.0.squareRoot()))
        }
    }
}
