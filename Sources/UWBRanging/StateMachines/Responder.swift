import UWBCore

/// The responder of double-sided two-way ranging, as an event-driven state machine: it takes
/// ``RangingInput``s from a radio loop and answers with ``RangingCommand``s, with no clock reads,
/// sleeps or `async` inside.
///
/// After ``RangingInput/start(now:)`` it listens. On POLL it sends RESPONSE `replyDelay` after
/// POLL's RX timestamp with a response window for FINAL; on FINAL it sends REPORT (its three
/// timestamps and its time of flight) `replyDelay` after FINAL's RX timestamp, reports
/// ``RangingCommand/completed(_:)`` with all six timestamps, and listens again (REPORT's response
/// window has no timeout). A timeout, failed reception or failed transmission reports
/// ``RangingCommand/failed(_:)`` and listens again: the initiator retries. Frames of other
/// sessions, devices or rounds are ignored.
///
/// A group POLL (``GroupInitiator``) that names this link's session and address is answered the
/// same way, in the link's slot of the group round (``GroupRoundSchedule``): RESPONSE in its
/// slot after the POLL, and, when the group FINAL carries this slot's RESPONSE RX timestamp,
/// REPORT in its slot after the FINAL.
///
/// The round is reported completed as soon as FINAL arrives, because the responder then holds all
/// six timestamps; if the REPORT that follows cannot be sent, the same round is also reported as
/// failed (the initiator, which never gets the REPORT, retries it).
public final class Responder {
    /// The session, PAN and addresses.
    public let link: RangingLink
    /// The delays and windows.
    public let timing: RangingTiming
    /// How the radio stamps delayed transmissions.
    public let transmitClock: TransmitClock

    private enum State {
        case idle
        case listening
        case awaitingFinal(round: UInt16, pollReceived: DeviceTime, responseTransmitted: DeviceTime, pollFrame: [UInt8],
                           deadline: DeviceTime, place: GroupPlace?)
    }

    /// Where this link answers in a group round: the group POLL's sender, the link's slot and the
    /// round's schedule.
    private struct GroupPlace {
        let initiator: UInt16
        let slot: Int
        let schedule: GroupRoundSchedule
    }

    private let timeOfFlight: (CompletedRound) -> ReportedTimeOfFlight?
    private var state = State.idle
    private var collecting: PendingCompletion?
    private var receptions: ChipReceptions
    private var pendingTransmission: PlannedTransmission?
    /// The STS frame numbers of the round being answered, for a secured link (``SecureTimestampRound``).
    private var stsRound: SecureTimestampRound?
    /// This link's slot in the latest group POLL it answered: other chips' receptions of that
    /// round's group frames are checked by its code.
    private var groupSlot: Int?

    /// A responder that is not listening yet.
    ///
    /// - Parameters:
    ///   - session: the session every frame carries.
    ///   - localAddress: this device's short address.
    ///   - peerAddress: the initiator's short address.
    ///   - pan: the session's PAN.
    ///   - timing: delays and windows, for example ``RangingTiming/emulator(for:)``.
    ///   - transmitClock: the radio's delayed-TX grid and TX antenna delay.
    ///   - receivers: how many chips of the board receive (their events come with chip 0…receivers−1).
    ///   - timeOfFlight: computes the time of flight REPORT carries from a round's six timestamps
    ///     (its receptions of chips other than 0 may still be missing); `nil` sends "no result".
    ///   - protection: the keys and counters of a secured session; `nil` for a plain one.
    public init(
        session: SessionIdentifier, localAddress: UInt16, peerAddress: UInt16, pan: PANIdentifier, timing: RangingTiming,
        transmitClock: TransmitClock, receivers: Int = 1,
        timeOfFlight: @escaping (CompletedRound) -> ReportedTimeOfFlight? = { _ in nil }, protection: LinkProtection? = nil
    ) {
        link = RangingLink(session: session, pan: pan, localAddress: localAddress, peerAddress: peerAddress, protection: protection)
        self.timing = timing
        self.transmitClock = transmitClock
        self.timeOfFlight = timeOfFlight
        receptions = ChipReceptions(receivers: receivers)
    }

    /// Takes one input and returns the commands the loop must carry out, in order.
    public func handle(_ input: RangingInput) -> [RangingCommand] {
        switch input {
        case .start:
            var commands = flushCollecting()
            if case .awaitingFinal(let round, _, _, _, _, _) = state {
                commands += [.turnOff, failure(.abandoned, round: round)]
            }
            pendingTransmission = nil
            return commands + listen()
        case .transmitScheduled(let stamp):
            guard let plan = pendingTransmission else { return [] }
            pendingTransmission = nil
            guard plan.stamp == stamp else {
                return [.turnOff] + fail(.transmitTimeMismatch(predicted: plan.stamp, actual: stamp), round: plan.round)
            }
            return []
        case .transmitFailed(let error):
            guard let plan = pendingTransmission else { return [] }
            pendingTransmission = nil
            if case .lateTransmission = error {
                return fail(.lateTransmission(plan.message), round: plan.round)
            }
            return fail(.transceiver(error), round: plan.round)
        case .event(let event, let chip) where chip == 0:
            return handle(event)
        case .event(let event, let chip):
            return secondary(event, chip: chip)
        case .timerFired:
            return flushCollecting()
        }
    }

    private func handle(_ event: TransceiverEvent) -> [RangingCommand] {
        switch (event, state) {
        case (_, .idle), (.transmitted, _):
            return []
        case (.frameReceived(let frame), _):
            return received(frame)
        case (.receiveTimeout, .awaitingFinal(let round, _, _, _, _, _)):
            return fail(.timeout(awaiting: .final), round: round)
        case (.receiveFailed(let reason), .awaitingFinal(let round, _, _, _, _, _)):
            return fail(.frameError(reason, awaiting: .final), round: round)
        case (.receiveTimeout, .listening), (.receiveFailed, .listening):
            return listen()
        }
    }

    private func received(_ frame: ReceivedFrame) -> [RangingCommand] {
        guard let decoded = try? RangingFrame(decoding: frame.frame) else { return ignore(frame) }
        if let place = groupPlace(in: decoded) {
            guard authentic(decoded, frame.frame, slot: place.slot, advancing: true) else { return ignore(frame) }
            return newPoll() + respond(to: decoded, frame, place: place)
        }
        if case .groupFinal(let pollTransmitted, let finalTransmitted, let responses) = decoded.message,
           case .awaitingFinal(let round, _, _, _, _, let place?) = state,
           decoded.source == place.initiator, decoded.pan == link.pan, responses.count == place.schedule.responders {
            guard authentic(decoded, frame.frame, slot: place.slot, advancing: true), decoded.round == round else { return ignore(frame) }
            guard let responseReceived = responses[place.slot] else { return fail(.responseNotReceived, round: round) }
            return finish(frame, pollTransmitted: pollTransmitted, responseReceived: responseReceived,
                          finalTransmitted: finalTransmitted)
        }
        guard (try? link.accept(decoded, octets: frame.frame)) != nil else { return ignore(frame) }
        switch (decoded.message, state) {
        case (.poll, _):
            return newPoll() + respond(to: decoded, frame, place: nil)
        case (.final(let pollTransmitted, let responseReceived, let finalTransmitted),
              .awaitingFinal(let round, _, _, _, _, nil)) where decoded.round == round:
            return finish(frame, pollTransmitted: pollTransmitted, responseReceived: responseReceived,
                          finalTransmitted: finalTransmitted)
        default:
            return ignore(frame)
        }
    }

    /// This link's place in `frame` if it is a group POLL that names the link's session and address.
    private func groupPlace(in frame: RangingFrame) -> GroupPlace? {
        guard case .groupPoll(let entries) = frame.message, frame.pan == link.pan,
              let slot = entries.firstIndex(of: GroupPollEntry(session: link.session, responder: link.localAddress))
        else { return nil }
        return GroupPlace(initiator: frame.source, slot: slot, schedule: GroupRoundSchedule(responders: entries.count, timing: timing))
    }

    /// Whether group frame `frame`, decoded from `octets`, passes the link's security by its code
    /// for `slot`.
    private func authentic(_ frame: RangingFrame, _ octets: [UInt8], slot: Int, advancing: Bool) -> Bool {
        (try? link.authenticate(frame, octets: octets, slot: slot, advancing: advancing)) != nil
    }

    /// A new POLL ends the round in progress: reports it, or reports it abandoned.
    private func newPoll() -> [RangingCommand] {
        var commands = flushCollecting()
        if case .awaitingFinal(let round, _, _, _, _, _) = state {
            commands.append(failure(.abandoned, round: round))
        }
        return commands
    }

    /// FINAL (or this slot's part of a group FINAL) arrived: the round is complete on this side;
    /// REPORT goes out a reply delay later (or in this link's slot).
    private func finish(
        _ frame: ReceivedFrame, pollTransmitted: DeviceTime, responseReceived: DeviceTime, finalTransmitted: DeviceTime
    ) -> [RangingCommand] {
        guard case .awaitingFinal(let round, let pollReceived, let responseTransmitted, let pollFrame, _, let place) = state
        else { return [] }
        receptions.add(frame, chip: 0)
        let completed = CompletedRound(
            session: link.session, round: round, peer: link.peerAddress, role: .responder, attempt: 1,
            timestamps: RoundTimestamps(
                pollTransmitted: pollTransmitted, pollReceived: pollReceived, responseTransmitted: responseTransmitted,
                responseReceived: responseReceived, finalTransmitted: finalTransmitted, finalReceived: frame.timestamp),
            receptions: [:], reportedTimeOfFlight: nil)
        var pending = PendingCompletion(
            round: completed, frames: [.poll: pollFrame, .final: frame.frame], closingFrame: frame.frame)
        pending.round.reportedTimeOfFlight = timeOfFlight(pending.completed(with: receptions))
        let delay = place.map { $0.schedule.reportOffset(slot: $0.slot) } ?? timing.replyDelay
        let plan = PlannedTransmission(.report, round: round, notBefore: frame.timestamp + delay, clock: transmitClock)
        let report = RangingMessage.report(
            pollReceived: pollReceived, responseTransmitted: responseTransmitted, finalReceived: frame.timestamp,
            timeOfFlight: pending.round.reportedTimeOfFlight)
        state = .listening
        let commands = send(plan, report, awaiting: ResponseWindow(delay: .zero, timeout: nil))
        guard receptions.isComplete(frame.frame) else {
            collecting = pending
            return commands + [.startTimer(timing.receiverGrace)]
        }
        return commands + [.completed(pending.completed(with: receptions))]
    }

    /// Answers a POLL with RESPONSE a reply delay after it (or in this link's slot of a group
    /// round) and a window for FINAL.
    private func respond(to poll: RangingFrame, _ frame: ReceivedFrame, place: GroupPlace?) -> [RangingCommand] {
        groupSlot = place?.slot
        stsRound = poll.protection.map { SecureTimestampRound(poll: $0.frameCounter) }
        receptions.retainOnly(frame.frame)
        receptions.add(frame, chip: 0)
        let delay = place.map { $0.schedule.responseOffset(slot: $0.slot) } ?? timing.replyDelay
        let plan = PlannedTransmission(.response, round: poll.round, notBefore: frame.timestamp + delay, clock: transmitClock)
        let window: ResponseWindow
        let deadline: DeviceTime
        if let place {
            // FINAL follows the POLL by the schedule's finalOffset, on the initiator's clock.
            let gap = place.schedule.finalOffset - delay
            let final = timing.airtime(frameLength: RangingMessageType.groupFinal.frameLength(
                secured: true, responders: place.schedule.responders))
            let margin = timing.listenMargin
            window = ResponseWindow(delay: gap - timing.airtime(.response) - margin, timeout: final + margin + margin)
            deadline = plan.stamp + gap + final - timing.synchronisationHeader + margin
        } else {
            window = timing.responseWindow(after: .response, expecting: .final)
            deadline = timing.deadline(afterTransmissionAt: plan.stamp, expecting: .final)
        }
        state = .awaitingFinal(
            round: poll.round, pollReceived: frame.timestamp, responseTransmitted: plan.stamp, pollFrame: frame.frame,
            deadline: deadline, place: place)
        return send(plan, .response, awaiting: window)
    }

    private func send(_ plan: PlannedTransmission, _ message: RangingMessage, awaiting window: ResponseWindow) -> [RangingCommand] {
        do {
            let frame = try link.encode(round: plan.round, message: message)
            pendingTransmission = plan
            return stsRound.loading(plan.message) + [.transmit(frame: frame, at: plan.start,
                              awaiting: timing.window(window, plannedAfter: plan.message, sending: frame.count))]
        } catch {
            return fail(.encoding(error), round: plan.round)
        }
    }

    /// Listens again after a frame that is not the one awaited: until FINAL's window would have
    /// closed while awaiting it, indefinitely otherwise.
    private func ignore(_ frame: ReceivedFrame) -> [RangingCommand] {
        guard case .awaitingFinal(let round, _, _, _, let deadline, _) = state else { return listen() }
        let remaining = deadline - frame.timestamp
        guard remaining > .zero else { return fail(.timeout(awaiting: .final), round: round) }
        return stsRound.loading(.final) + [.listen(ReceiveWindow(timeout: remaining))]
    }

    /// Another chip's reception: kept for the round if it is a frame of this link that passes
    /// its security (a group frame by this link's slot in the latest group POLL).
    private func secondary(_ event: TransceiverEvent, chip: Int) -> [RangingCommand] {
        guard case .frameReceived(let frame) = event, let decoded = try? RangingFrame(decoding: frame.frame) else { return [] }
        let slot = groupPlace(in: decoded)?.slot ?? groupSlot
        let accepted = if decoded.message.type.isGroupMessage {
            slot.map({ authentic(decoded, frame.frame, slot: $0, advancing: false) }) ?? false
        } else {
            (try? link.accept(decoded, octets: frame.frame, advancing: false)) != nil
        }
        guard accepted else { return [] }
        receptions.add(frame, chip: chip)
        guard let collecting, receptions.isComplete(collecting.closingFrame) else { return [] }
        return flushCollecting()
    }

    /// Reports a round still waiting for other chips' receptions, if any.
    private func flushCollecting() -> [RangingCommand] {
        guard let pending = collecting else { return [] }
        collecting = nil
        return [.completed(pending.completed(with: receptions))]
    }

    /// Listens for the next POLL, on a secured link with the STS frame number it should have.
    private func listen() -> [RangingCommand] {
        state = .listening
        let expected = link.protection.map { SecureTimestampRound(poll: $0.expectedPollFrameCounter) }
        return expected.loading(.poll) + [.listen(.untilTurnedOff)]
    }

    private func failure(_ kind: RangingFailureKind, round: UInt16) -> RangingCommand {
        .failed(RangingFailure(kind: kind, round: round, role: .responder, attempts: 1, session: link.session))
    }

    /// Reports the failure and listens again.
    private func fail(_ kind: RangingFailureKind, round: UInt16) -> [RangingCommand] {
        pendingTransmission = nil
        return [failure(kind, round: round)] + listen()
    }
}
