import UWBCore

/// A DL-TDoA tag on any radio: it only listens, gathers each round of its network's anchors
/// (the initiator's Poll, the responders' Responses, the Final) and hands every round to
/// ``onRound`` as a ``DownlinkTDoAObservation``, each responder's clock rate over its initiator's
/// learnt from the anchors' own rounds (``DownlinkTDoAClockTracker``) and each receive timestamp
/// corrected for the receiver's range bias at its level (as the anchors' own).
///
/// A round ends with its Final. One whose Final the tag missed ends when a frame of another round
/// comes or ``finalGrace`` after its Final was due (as the initiator's last whole round timed it, or
/// at the latest a Final can come before the tag has heard one), whichever is first; one whose Poll
/// it missed starts with its first Response. Such a round is handed on if the tag knows its clock
/// rate over the initiator from earlier rounds and heard two frames of it at least: a tag at the
/// edge of a cluster's coverage, or behind shelving, often hears the responders but not the
/// initiator.
///
/// Attach it to the radio's loop (``UWBCore/RadioHost/attach(_:)``) and keep it; it starts
/// listening with ``UWBCore/RadioEventHandler/radioStarted()`` or ``start()``.
public final class DownlinkTDoATag: RadioEventHandler {
    /// The network (PAN) whose anchors it listens to.
    public let network: PANIdentifier
    /// Called on the loop with every round.
    public let onRound: (DownlinkTDoAObservation) -> Void
    /// Rounds heard complete.
    public private(set) var completeRounds = 0
    /// Rounds whose Poll or Final the tag missed, handed on all the same (``DownlinkTDoARound``
    /// takes the tag's clock rate from the rounds before).
    public private(set) var rescuedRounds = 0
    /// Frames that claimed to be DL-TDoA messages but were not, counted.
    public private(set) var malformedFrames = 0
    /// The last error the receiver gave, if any.
    public private(set) var lastError: TransceiverError?

    /// The radio. `unowned`: the radio's owner keeps the tag, not the other way.
    private unowned let radio: any RadioHost
    /// The radio's ``UWBCore/RadioHost/configuration``, which its chips run from the start, asked
    /// once rather than through `radio` for every frame.
    private let configuration: RadioConfig
    // The tag's bookkeeping below is used on the loop only, for every frame, and each access is a
    // read, a whole replacement or a mutation that calls out to nothing (an append, a dictionary
    // update, ``DownlinkTDoAClockTracker/clockRatio(of:to:pollSent:pollReceived:initiatorClockOffset:)``);
    // none is held across ``onRound`` or the radio. So accesses cannot overlap and they go without
    // the runtime exclusivity check (decision 0020).

    /// The responders' clock rates over their initiators'.
    @exclusivity(unchecked) private var clocks = DownlinkTDoAClockTracker()
    /// The tag's own clock rate over each initiator's.
    @exclusivity(unchecked) private var ownClock = DownlinkTDoAClockTracker()
    /// The round being heard.
    @exclusivity(unchecked) private var pending: PendingRound?
    /// The messages of the last round completed: the room a new round's are given.
    @exclusivity(unchecked) private var lastRoundMessages = 0
    /// The anchors' names (``DownlinkTDoAObservation/anchorName(_:)``), by short address.
    @exclusivity(unchecked) private var anchorNames = AnchorTable<String>()
    /// From each initiator's Poll to its Final, by its clock, as its last complete round had them.
    @exclusivity(unchecked) private var finalDelays = AnchorTable<DeviceDuration>()

    /// How long after its Final was due the tag gives up on a round: the time its own host may take
    /// to hand it a frame, which may vary by a few milliseconds behind USB.
    public static let finalGrace = Duration.milliseconds(5)
    /// The latest a Final can follow its Poll, by the tag's configuration: the schedule of the most
    /// responders a Final lists, on anchors behind USB (``DownlinkTDoASchedule``). What the tag waits
    /// for an initiator whose whole round it has not heard yet.
    private let latestFinal: DeviceDuration

    /// What the tag heard of a round so far.
    private struct PendingRound {
        var initiator: UInt16
        var number: UInt16
        /// The Poll, if the tag heard it.
        var poll: DownlinkTDoAObservation.Heard?
        /// The Poll, then the Responses, in the order heard.
        var heard: [DownlinkTDoAObservation.Heard]
    }

    /// A tag on `radio` listening to `network`'s anchors.
    public init(on radio: any RadioHost, network: PANIdentifier, onRound: @escaping (DownlinkTDoAObservation) -> Void) {
        self.radio = radio
        self.configuration = radio.configuration
        self.network = network
        self.onRound = onRound
        latestFinal = AnchorTransmitter.ticks(DownlinkTDoASchedule(
            configuration: configuration, responders: DownlinkTDoAFrame.maximumResponsesInFinal, kind: .usb).finalDelay)
    }

    /// Starts listening at the loop's start.
    public func radioStarted() {
        start()
    }

    /// Starts listening. Loop only.
    public func start() {
        listen()
    }

    /// Takes each frame of its network's rounds and listens on.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        if case .frameReceived(let received) = event {
            do {
                if let frame = try DownlinkTDoAFrame.decoded(from: received.frame), frame.network == network {
                    take(frame, heard: DownlinkTDoAObservation.Heard(
                        anchor: frame.anchor, message: frame.message,
                        received: received.rangeBiasCorrectedTimestamp(configuration: configuration),
                        receivedLevel: received.diagnostics.receivedLevel, clockOffset: received.diagnostics.clockOffset))
                }
            } catch {
                malformedFrames += 1
            }
        }
        listen()
    }

    /// Takes a frame of round `frame.message.round` of its initiator. A frame of another round
    /// ends the round pending: the clusters' rounds follow one another on the air, so one whose
    /// Final the tag missed is over, and is handed on without it.
    private func take(_ frame: DownlinkTDoAFrame, heard message: DownlinkTDoAObservation.Heard) {
        let initiator: UInt16
        switch frame.message.kind {
        case .poll, .final: initiator = frame.anchor
        case .response:
            guard case .short(let address) = frame.destination else { return }
            initiator = address
        }
        let number = frame.message.round
        if let round = pending, round.initiator != initiator || round.number != number {
            pending = nil
            complete(round, final: nil)
        }
        switch frame.message.kind {
        case .poll:
            pending = PendingRound(initiator: initiator, number: number, poll: message, heard: roomForRound())
            pending?.heard.append(message)
            expectFinal(of: initiator, round: number, pollHeard: message.received, now: message.received)
        case .response(let replyTime, _, _):
            if pending == nil {
                pending = PendingRound(initiator: initiator, number: number, poll: nil, heard: roomForRound())
                expectFinal(of: initiator, round: number, pollHeard: message.received - replyTime, now: message.received)
            }
            pending?.heard.append(message)
        case .final:
            guard var round = pending else { return }
            pending = nil
            round.heard.append(message)
            complete(round, final: message)
        }
    }

    /// No messages yet, with room for as many as the last round completed had.
    private func roomForRound() -> [DownlinkTDoAObservation.Heard] {
        var heard: [DownlinkTDoAObservation.Heard] = []
        heard.reserveCapacity(lastRoundMessages)
        return heard
    }

    /// Ends round `number` of `initiator` if it is still pending ``finalGrace`` after its Final was
    /// due: `pollHeard` is when the tag heard its Poll (or would have: a Response's reception less
    /// its reply time, a few microseconds of flight early), `now` the reception being taken. So a
    /// round whose Final the tag missed comes when it should, not with the next round's first
    /// frame, which after a period's last cluster is a period later, and much later where the tag
    /// hears nothing for a while (a walker between two racks heard no frame for 0.9 s, and his
    /// round came 0.9 s old). The Final is due when the initiator's last whole round had it, or,
    /// before the tag has heard one (a tag that never hears the initiator itself), at the latest a
    /// Final can come (``latestFinal``).
    private func expectFinal(of initiator: UInt16, round number: UInt16, pollHeard: DeviceTime, now: DeviceTime) {
        let delay = finalDelays[initiator] ?? latestFinal
        let due = (pollHeard + delay).elapsed(since: now).seconds
        guard due < DownlinkTDoAClockTracker.longestSeconds else { return }
        radio.schedule(after: .seconds(due) + Self.finalGrace) { [weak self] in
            guard let self, let round = pending, round.initiator == initiator, round.number == number else { return }
            pending = nil
            complete(round, final: nil)
        }
    }

    /// Hands on round `heard`, with the Final `final` or without (its Poll may be missing too):
    /// then only with the tag's clock rate from earlier rounds, and at least two receptions to compare.
    private func complete(_ heard: PendingRound, final: DownlinkTDoAObservation.Heard?) {
        let initiator = heard.initiator
        let initiatorName = anchorName(initiator)
        var anchors: [Anchor] = []
        var responses: [DownlinkTDoARound.Response] = []
        anchors.reserveCapacity(heard.heard.count)
        responses.reserveCapacity(heard.heard.count)
        if let poll = heard.poll {
            anchors.append(Anchor(name: initiatorName, position: poll.message.anchorPosition))
        }
        var fromCarrier: [String] = []
        let pollSent = heard.poll?.message.transmitted
        for response in heard.heard {
            guard case .response(let replyTime, let offset, let flight) = response.message.kind else { continue }
            let name = anchorName(response.anchor)
            let clock = clocks.clockRatio(
                of: response.anchor, to: initiator, pollSent: pollSent, pollReceived: response.message.transmitted - replyTime,
                initiatorClockOffset: offset)
            if !clock.fromRounds { fromCarrier.append(name) }
            anchors.append(Anchor(name: name, position: response.message.anchorPosition))
            responses.append(DownlinkTDoARound.Response(
                responder: name, replyTime: replyTime, clockRatio: clock.ratio, received: response.received, timeOfFlight: flight))
        }
        let tagClock = ownClock.clockRatio(
            of: initiator, to: initiator, pollSent: pollSent, pollReceived: heard.heard[0].received,
            initiatorClockOffset: heard.heard[0].clockOffset)
        let tagClockRatio = tagClock.fromRounds ? tagClock.ratio : nil
        if let poll = heard.poll, let final {
            finalDelays.set(final.message.transmitted.elapsed(since: poll.message.transmitted), for: initiator)
        }
        let rescued = heard.poll == nil || final == nil
        if rescued, tagClockRatio == nil || heard.heard.count < 2 { return }
        guard let round = DownlinkTDoARound(
            initiator: initiatorName, poll: heard.poll.map { .init(sent: $0.message.transmitted, received: $0.received) },
            final: final.map { .init(sent: $0.message.transmitted, received: $0.received) }, responses: responses,
            tagClockRatio: tagClockRatio)
        else { return }
        lastRoundMessages = heard.heard.count
        if rescued {
            rescuedRounds += 1
        } else {
            completeRounds += 1
        }
        onRound(DownlinkTDoAObservation(
            network: network, roundNumber: heard.number, initiator: initiator, anchors: anchors, round: round,
            responderRatesFromCarrier: fromCarrier, messages: heard.heard))
    }

    /// The name of the anchor at short address `address`, made once.
    private func anchorName(_ address: UInt16) -> String {
        if let name = anchorNames[address] {
            return name
        }
        let name = DownlinkTDoAObservation.anchorName(address)
        anchorNames.append(name, for: address)
        return name
    }

    private func listen() {
        do {
            try radio.transceivers.first?.enableReceiver(.untilTurnedOff)
        } catch {
            lastError = error
        }
    }
}
