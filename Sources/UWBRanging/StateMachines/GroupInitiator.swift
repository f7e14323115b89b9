import UWBCore

/// The initiator of a one-to-many double-sided round, as an event-driven state machine: one group
/// POLL to up to ``RangingFrameFormat/maximumGroupSize`` responders, each answering in its own
/// slot, one group FINAL for all of them, and each one's REPORT in its slot
/// (``GroupRoundSchedule``). A pair's measurement then costs about two slots of air instead of a
/// whole four-frame round.
///
/// Set ``links`` before each ``RangingInput/start(now:)``: the round serves those links, in that
/// order of slots. Every link of the round ends with exactly one ``RangingCommand/completed(_:)``
/// (its REPORT arrived) or ``RangingCommand/failed(_:)`` (naming its session); there are no
/// retries inside a group round, because a retry would move every later slot: the next round is
/// the retry. A round none of whose responders answered sends no FINAL.
///
/// RESPONSE and REPORT are the two-party frames of each link's session, so a responder answers a
/// group round with the frames it would send in a two-party one, in its slot.
public final class GroupInitiator {
    /// The delays and windows.
    public let timing: RangingTiming
    /// How the radio stamps delayed transmissions.
    public let transmitClock: TransmitClock
    /// The links the next round serves, in slot order: 1 to ``RangingFrameFormat/maximumGroupSize``
    /// of them. The group POLL comes from the first link's address, in its PAN.
    public var links: [RangingLink] = []

    private enum Phase {
        case idle
        case responses
        case reports
    }

    private var phase = Phase.idle
    /// The number of the latest round: the one running, if any. Each start takes the next.
    public private(set) var round: UInt16
    private var group: [RangingLink] = []
    private var schedule: GroupRoundSchedule
    private var pollTransmitted = DeviceTime(wrapping: 0)
    private var finalTransmitted = DeviceTime(wrapping: 0)
    /// Chip 0's receptions of each slot's RESPONSE and REPORT.
    private var responses: [ReceivedFrame?] = []
    private var reports: [ReceivedFrame?] = []
    /// Which links have had their outcome reported this round.
    private var settled: [Bool] = []
    /// When the current phase's last window closes, by this radio's clock.
    private var deadline = DeviceTime(wrapping: 0)
    /// Whether a timer was asked for to learn the time after a failed reception.
    private var askedForTime = false
    private var receptions: ChipReceptions
    private var collecting: [PendingCompletion] = []
    private var pendingTransmission: PlannedTransmission?
    /// The STS frame numbers of the round, for secured links (``SecureTimestampRound``).
    private var stsRound: SecureTimestampRound?

    /// An idle group initiator.
    ///
    /// - Parameters:
    ///   - timing: delays and windows, for example ``RangingTiming/emulator(for:)``.
    ///   - transmitClock: the radio's delayed-TX grid and TX antenna delay.
    ///   - receivers: how many chips of the board receive (their events come with chip 0…receivers−1).
    ///   - firstRound: the round number of the first round; each round takes the next one.
    public init(timing: RangingTiming, transmitClock: TransmitClock, receivers: Int = 1, firstRound: UInt16 = 0) {
        self.timing = timing
        self.transmitClock = transmitClock
        receptions = ChipReceptions(receivers: receivers)
        round = firstRound &- 1
        schedule = GroupRoundSchedule(responders: 1, timing: timing)
    }

    /// Takes one input and returns the commands the loop must carry out, in order.
    public func handle(_ input: RangingInput) -> [RangingCommand] {
        switch input {
        case .start(let now):
            return abandon() + begin(now)
        case .transmitScheduled(let stamp):
            guard let plan = pendingTransmission else { return [] }
            pendingTransmission = nil
            guard plan.stamp == stamp else {
                return [.turnOff] + failRemaining(.transmitTimeMismatch(predicted: plan.stamp, actual: stamp))
            }
            return []
        case .transmitFailed(let error):
            guard let plan = pendingTransmission else { return [] }
            pendingTransmission = nil
            if case .lateTransmission = error {
                return failRemaining(.lateTransmission(plan.message))
            }
            return failRemaining(.transceiver(error))
        case .event(let event, let chip) where chip == 0:
            return handle(event)
        case .event(let event, let chip):
            return secondary(event, chip: chip)
        case .timerFired(let now):
            return flushCollecting() + timerFired(now)
        }
    }

    // MARK: The round

    private func begin(_ now: DeviceTime) -> [RangingCommand] {
        group = links
        round &+= 1
        settled = Array(repeating: false, count: group.count)
        guard let first = group.first, group.count <= RangingFrameFormat.maximumGroupSize else {
            defer { group = [] }
            return failUnsettled(.encoding(.groupSize(group.count)))
        }
        schedule = GroupRoundSchedule(responders: group.count, timing: timing)
        responses = Array(repeating: nil, count: group.count)
        reports = Array(repeating: nil, count: group.count)
        receptions = ChipReceptions(receivers: receptions.receivers)
        askedForTime = false
        let entries = group.map { GroupPollEntry(session: $0.session, responder: $0.peerAddress) }
        let plan = PlannedTransmission(.groupPoll, round: round, notBefore: now + timing.startDelay, clock: transmitClock)
        pollTransmitted = plan.stamp
        phase = .responses
        let last = group.count - 1
        deadline = plan.stamp + schedule.responseOffset(slot: last) + timing.airtime(.response) - header + timing.listenMargin
        return send(plan, groupFrame(from: first, .groupPoll(entries: entries)), windowAfter: schedule.pollGap,
                    slots: schedule.slot * Int64(last), expecting: timing.airtime(.response))
    }

    /// A group frame of this round from `link`'s address to everyone in its PAN.
    private func groupFrame(from link: RangingLink, _ message: RangingMessage) -> RangingFrame {
        RangingFrame(
            session: RangingFrameFormat.groupSession, round: round, source: link.localAddress,
            destination: RangingFrameFormat.broadcastAddress, pan: link.pan, message: message)
    }

    /// The octets of group frame `frame`: sealed with a code for each link of the round if they are
    /// secured, plain if they are plain.
    ///
    /// - Throws: ``RangingFrameError/wrongMessageIntegrityCodeCount(expected:present:)`` for a
    ///   round of secured and plain links together, or what sealing throws.
    private func encode(_ frame: RangingFrame) throws(RangingFrameError) -> [UInt8] {
        let protections = group.compactMap(\.protection)
        guard !protections.isEmpty else { return try frame.encoded() }
        return try frame.sealed(by: protections)
    }

    /// Schedules `frame` with a response window that opens the listening margin before the first
    /// reply's preamble (`gap` after `frame`'s RMARKER) and lasts through `slots` more of them;
    /// on secured links, loads its STS frame number first.
    private func send(
        _ plan: PlannedTransmission, _ frame: RangingFrame, windowAfter gap: DeviceDuration, slots: DeviceDuration,
        expecting reply: DeviceDuration
    ) -> [RangingCommand] {
        do {
            let octets = try encode(frame)
            if frame.message.type == .groupPoll {
                stsRound = group.first?.protection?.lastSentFrameCounter.map(SecureTimestampRound.init(poll:))
            }
            let sent = timing.airtime(frameLength: octets.count + RangingFrameFormat.frameCheckSequenceLength)
            pendingTransmission = plan
            let margin = timing.listenMargin
            return stsRound.loading(frame.message.type) + [.transmit(
                frame: octets, at: plan.start,
                awaiting: ResponseWindow(delay: gap - sent - margin, timeout: slots + reply + margin + margin))]
        } catch {
            return failRemaining(.encoding(error))
        }
    }

    /// The preamble and SFD, which precede a frame's RMARKER.
    private var header: DeviceDuration {
        timing.synchronisationHeader
    }

    // MARK: Events on chip 0

    private func handle(_ event: TransceiverEvent) -> [RangingCommand] {
        guard phase != .idle else { return [] }
        switch event {
        case .frameReceived(let frame):
            return received(frame)
        case .receiveTimeout:
            return endPhase()
        case .receiveFailed:
            askedForTime = true
            return [.startTimer(.zero)]
        case .transmitted:
            return []
        }
    }

    private func received(_ frame: ReceivedFrame) -> [RangingCommand] {
        let expected: RangingMessageType = phase == .responses ? .response : .report
        // A frame of one of the round's links is authenticated before anything else, so that a
        // forged or replayed one is counted whatever it says.
        guard let decoded = try? RangingFrame(decoding: frame.frame),
              let slot = group.indices.first(where: { (try? group[$0].accept(decoded, octets: frame.frame)) != nil }),
              decoded.round == round, decoded.message.type == expected,
              phase == .responses ? responses[slot] == nil : (responses[slot] != nil && reports[slot] == nil)
        else {
            let end = frame.timestamp + timing.airtime(frameLength: frame.frame.count + RangingFrameFormat.frameCheckSequenceLength)
                - header
            return listenUntilDeadline(from: end)
        }
        receptions.add(frame, chip: 0)
        if phase == .responses {
            responses[slot] = frame
            guard slot < group.count - 1 else { return sendFinal() }
            return listenUntilDeadline(from: frame.timestamp + timing.airtime(.response) - header)
        }
        reports[slot] = frame
        var commands = complete(slot, report: decoded, frame)
        guard slot < lastAnsweredSlot else { return commands + endPhase() }
        commands += listenUntilDeadline(from: frame.timestamp + timing.airtime(.report) - header)
        return commands
    }

    /// Listens again until the phase's deadline, counted from `time` (when the last frame
    /// ended, or later); ends the phase if it has passed.
    private func listenUntilDeadline(from time: DeviceTime) -> [RangingCommand] {
        let remaining = deadline - time
        guard remaining > .zero else { return endPhase() }
        return stsRound.loading(phase == .responses ? .response : .report) + [.listen(ReceiveWindow(timeout: remaining))]
    }

    private func timerFired(_ now: DeviceTime) -> [RangingCommand] {
        guard askedForTime, phase != .idle else { return [] }
        askedForTime = false
        return listenUntilDeadline(from: now)
    }

    private func endPhase() -> [RangingCommand] {
        askedForTime = false
        switch phase {
        case .idle:
            return []
        case .responses:
            return sendFinal()
        case .reports:
            phase = .idle
            return failUnsettled(.timeout(awaiting: .report))
        }
    }

    /// The last slot whose RESPONSE arrived: its REPORT ends the round.
    private var lastAnsweredSlot: Int {
        responses.lastIndex { $0 != nil } ?? -1
    }

    /// Sends the group FINAL to every responder that answered, failing the others; with no answer
    /// at all, ends the round.
    private func sendFinal() -> [RangingCommand] {
        var commands: [RangingCommand] = []
        for slot in group.indices where responses[slot] == nil {
            commands += settle(slot, .failed(failure(.timeout(awaiting: .response), slot: slot)))
        }
        let last = lastAnsweredSlot
        guard last >= 0, let first = group.first else {
            phase = .idle
            return commands
        }
        let plan = PlannedTransmission(
            .groupFinal, round: round, notBefore: pollTransmitted + schedule.finalOffset, clock: transmitClock)
        finalTransmitted = plan.stamp
        phase = .reports
        deadline = plan.stamp + schedule.reportOffset(slot: last) + timing.airtime(.report) - header + timing.listenMargin
        let final = RangingMessage.groupFinal(
            pollTransmitted: pollTransmitted, finalTransmitted: plan.stamp, responsesReceived: responses.map { $0?.timestamp })
        return commands + send(plan, groupFrame(from: first, final), windowAfter: schedule.reportGap,
                               slots: schedule.slot * Int64(last), expecting: timing.airtime(.report))
    }

    /// Reports slot `slot`'s round, or holds it for the other chips' receptions of its REPORT.
    private func complete(_ slot: Int, report: RangingFrame, _ frame: ReceivedFrame) -> [RangingCommand] {
        guard case .report(let pollReceived, let responseTransmitted, let finalReceived, let timeOfFlight) = report.message,
              let response = responses[slot]
        else { return [] }
        let link = group[slot]
        let round = CompletedRound(
            session: link.session, round: self.round, peer: link.peerAddress, role: .initiator, attempt: 1,
            timestamps: RoundTimestamps(
                pollTransmitted: pollTransmitted, pollReceived: pollReceived, responseTransmitted: responseTransmitted,
                responseReceived: response.timestamp, finalTransmitted: finalTransmitted, finalReceived: finalReceived),
            receptions: [:], reportedTimeOfFlight: timeOfFlight)
        let pending = PendingCompletion(
            round: round, frames: [.response: response.frame, .report: frame.frame], closingFrame: frame.frame)
        settled[slot] = true
        guard receptions.isComplete(frame.frame) else {
            collecting.append(pending)
            return [.startTimer(timing.receiverGrace)]
        }
        return [.completed(pending.completed(with: receptions))]
    }

    // MARK: Other chips

    private func secondary(_ event: TransceiverEvent, chip: Int) -> [RangingCommand] {
        guard case .frameReceived(let frame) = event, let decoded = try? RangingFrame(decoding: frame.frame),
              decoded.round == round, group.contains(where: { (try? $0.accept(decoded, octets: frame.frame, advancing: false)) != nil })
        else { return [] }
        receptions.add(frame, chip: chip)
        let complete = collecting.filter { receptions.isComplete($0.closingFrame) }
        collecting.removeAll { receptions.isComplete($0.closingFrame) }
        return complete.map { .completed($0.completed(with: receptions)) }
    }

    /// Reports every round still waiting for other chips' receptions.
    private func flushCollecting() -> [RangingCommand] {
        defer { collecting = [] }
        return collecting.map { .completed($0.completed(with: receptions)) }
    }

    // MARK: Failures

    private func failure(_ kind: RangingFailureKind, slot: Int) -> RangingFailure {
        RangingFailure(kind: kind, round: round, role: .initiator, attempts: 1, session: group[slot].session)
    }

    /// Marks `slot` settled and passes its outcome on, once.
    private func settle(_ slot: Int, _ outcome: RangingCommand) -> [RangingCommand] {
        guard !settled[slot] else { return [] }
        settled[slot] = true
        return [outcome]
    }

    /// Fails every link of the round that has no outcome yet with `kind`.
    private func failUnsettled(_ kind: RangingFailureKind) -> [RangingCommand] {
        group.indices.flatMap { settle($0, .failed(failure(kind, slot: $0))) }
    }

    /// Ends the round: every link without an outcome fails with `kind`.
    private func failRemaining(_ kind: RangingFailureKind) -> [RangingCommand] {
        pendingTransmission = nil
        phase = .idle
        return failUnsettled(kind)
    }

    /// A new start interrupts a round still running: its open links fail as abandoned.
    private func abandon() -> [RangingCommand] {
        let flushed = flushCollecting()
        guard phase != .idle else { return flushed }
        return flushed + [.turnOff] + failRemaining(.abandoned)
    }
}

extension GroupInitiator: RangingStateMachine {}
