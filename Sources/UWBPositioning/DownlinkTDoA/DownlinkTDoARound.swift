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
/// A round whose Poll or Final the tag missed still counts, with the tag's rate from earlier
/// rounds: without the Final the Poll's reception alone reads when it arrived; without the Poll
/// the responders' pseudoranges are against the first Response's reading, the initiator having
/// none (``pseudoranges(for:clock:timestampDeviation:)``).
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

    /// One of the initiator's frames as the tag heard it.
    public struct InitiatorFrame: Hashable, Sendable {
        /// When the initiator sent it, in its clock (the frame carries it).
        public let sent: DeviceTime
        /// When the tag received it, in the tag's clock.
        public let received: DeviceTime

        /// A frame sent at `sent` and received at `received`.
        public init(sent: DeviceTime, received: DeviceTime) {
            self.sent = sent
            self.received = received
        }
    }

    /// The initiator anchor's name.
    public let initiator: String
    /// The initiator's Poll, if the tag heard it.
    public let poll: InitiatorFrame?
    /// The initiator's Final, if the tag heard it.
    public let final: InitiatorFrame?
    /// The responders' parts.
    public let responses: [Response]
    /// The tag's clock rate over the initiator's from this round's Poll and an earlier one's, or
    /// from the last two Polls heard where this one was not (``DownlinkTDoAClockTracker``); `nil`
    /// when the tag heard no earlier Poll of the initiator recent enough, and this round's
    /// Final−Poll intervals give it.
    public let tagClockRatio: Double?
    /// The tag's last reception of the round: the Final's, else the last Response's, else the Poll's.
    public let lastReceived: DeviceTime

    /// A round as the tag heard it, the initiator's Poll and Final included.
    public init(
        initiator: String, pollSent: DeviceTime, finalSent: DeviceTime, pollReceived: DeviceTime, finalReceived: DeviceTime,
        responses: [Response], tagClockRatio: Double? = nil
    ) {
        self.initiator = initiator
        poll = InitiatorFrame(sent: pollSent, received: pollReceived)
        final = InitiatorFrame(sent: finalSent, received: finalReceived)
        self.responses = responses
        self.tagClockRatio = tagClockRatio
        lastReceived = finalReceived
    }

    /// A round of which the tag may have missed the Poll or the Final (or both): the rounds
    /// ``pseudoranges(for:clock:timestampDeviation:)`` rescues with the tag's clock rate from
    /// earlier rounds. `nil` when the tag heard neither a Poll nor a Response.
    public init?(initiator: String, poll: InitiatorFrame?, final: InitiatorFrame?, responses: [Response], tagClockRatio: Double?) {
        guard let lastReceived = final?.received ?? responses.last?.received ?? poll?.received else { return nil }
        self.initiator = initiator
        self.poll = poll
        self.final = final
        self.responses = responses
        self.tagClockRatio = tagClockRatio
        self.lastReceived = lastReceived
    }

    /// The round as pseudoranges for `solver`'s anchors, sharing the offset of clock `clock`: the
    /// initiator's 0, with the deviation `timestampDeviation` of the tag's reading of when the Poll
    /// arrived, and each responder's distance difference against that reading, with √2 times that:
    /// the tag's reception of the Response and the responder's of the Poll. Unlike differences,
    /// whose errors all share the Poll's reception, these errors are independent. Where the Final
    /// reads the Poll's arrival again the deviation stays: the two readings share their link's
    /// multipath, which in a cluttered site outweighs the timestamps' noise that the mean halves.
    ///
    /// Without the Poll, the responders' pseudoranges are against the first Response's reading
    /// (their differences all share it; the round's offset takes it) and the tag's rate must come
    /// from earlier rounds, as it must without the Final; a Response without a measured time of
    /// flight whose initiator the solver does not know is then left out.
    ///
    /// - Throws: ``PositioningError/unknownAnchor(_:)`` for an anchor the solver does not have
    ///   (the initiator of a round whose Poll was heard included),
    ///   ``PositioningError/invalidMeasurement(_:)`` for a round whose Final does not follow its
    ///   Poll, a clock ratio that is not positive, or a Poll or Final missed without the tag's
    ///   clock rate from earlier rounds.
    public func pseudoranges(
        for solver: PositionSolver, clock: String, timestampDeviation: Distance
    ) throws(PositioningError) -> [PositionMeasurement] {
        var measurements: [PositionMeasurement] = []
        var resolved: [ResolvedMeasurement] = []
        measurements.reserveCapacity(responses.count + 1)
        try appendPseudoranges(
            for: solver, clock: clock, numbered: 0, timestampDeviation: timestampDeviation, to: &measurements, resolved: &resolved)
        return measurements
    }

    /// Appends ``pseudoranges(for:clock:timestampDeviation:)`` to `measurements`, which a set of
    /// rounds gathers in one array, and each resolved against `solver`'s anchors, with its clock
    /// numbered `number`, to `resolved`, for ``PositionSolver/fix(_:resolved:in:)``; on a throw some may
    /// have been appended.
    func appendPseudoranges(
        for solver: PositionSolver, clock: String, numbered number: Int, timestampDeviation: Distance,
        to measurements: inout [PositionMeasurement], resolved: inout [ResolvedMeasurement]
    ) throws(PositioningError) {
        let base = try timeBase()
        let initiatorAnchor = solver.anchor(named: initiator)
        if poll != nil, initiatorAnchor == nil { throw .unknownAnchor(initiator) }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        if poll != nil, let initiatorAnchor {
            let measurement = PositionMeasurement.pseudorange(anchor: initiator, clock: clock, .zero, standardDeviation: timestampDeviation)
            measurements.append(measurement)
            resolved.append(ResolvedMeasurement(measurement, anchor: initiatorAnchor, reference: nil, clock: number))
        }
        // The departure (when a Response left after the Poll, in the initiator's time) every
        // pseudorange is against: the Poll's own, 0, else the first Response's, once known.
        var reference: Double? = poll == nil ? nil : 0
        for response in responses {
            guard let anchor = solver.anchor(named: response.responder) else {
                throw .unknownAnchor(response.responder)
            }
            let position = anchor.position
            guard response.clockRatio > 0, response.clockRatio.isFinite else {
                throw .invalidMeasurement("responder \(response.responder)'s clock ratio \(response.clockRatio) is not positive")
            }
            guard let flight = response.timeOfFlight?.seconds ?? initiatorAnchor.map({ (position - $0.position).length / speed }) else { continue }
            let departure = flight + response.replyTime.seconds / response.clockRatio
            let against = reference ?? departure
            reference = against
            let interval = (response.received.elapsed(since: base.start).seconds - base.pollArrival) / base.tagRate
            let measurement = PositionMeasurement.pseudorange(
                anchor: response.responder, clock: clock, Distance(metres: speed * (interval - departure + against)),
                standardDeviation: Distance(metres: timestampDeviation.metres * 2.0.squareRoot()))
            measurements.append(measurement)
            resolved.append(ResolvedMeasurement(measurement, anchor: anchor, reference: nil, clock: number))
        }
    }

    /// The tag's reading the round's intervals start from (the Poll's reception, else the first
    /// Response's), how long after it the Poll arrived by the tag's clock (where the Final reads
    /// it again) and the tag's clock rate over the initiator's.
    private func timeBase() throws(PositioningError) -> (start: DeviceTime, pollArrival: Double, tagRate: Double) {
        let ratio = tagClockRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        guard let poll else {
            guard let ratio, let first = responses.first else {
                throw .invalidMeasurement("a DL-TDoA round of \(initiator) whose Poll the tag missed, without its clock rate from earlier rounds")
            }
            return (first.received, 0, ratio)
        }
        guard let final else {
            guard let ratio else {
                throw .invalidMeasurement("a DL-TDoA round of \(initiator) whose Final the tag missed, without its clock rate from earlier rounds")
            }
            return (poll.received, 0, ratio)
        }
        let sent = final.sent.elapsed(since: poll.sent).seconds
        let heard = final.received.elapsed(since: poll.received).seconds
        guard sent > 0, heard > 0 else {
            throw .invalidMeasurement("a DL-TDoA round of \(initiator) whose Final does not follow its Poll")
        }
        // With the rate from two rounds, the Poll's arrival is the mean of its reception and the
        // Final's less the interval sent.
        if let ratio {
            return (poll.received, (heard - ratio * sent) / 2, ratio)
        }
        return (poll.received, 0, heard / sent)
    }
}
