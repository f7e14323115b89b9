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
                           deadline: DeviceTime)
    }

    private let timeOfFlight: (CompletedRound) -> ReportedTimeOfFlight?
    private var state = State.idle
    private var collecting: PendingCompletion?
    private var receptions: ChipReceptions
    private var pendingTransmission: PlannedTransmission?

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
    public init(
        session: SessionIdentifier, localAddress: UInt16, peerAddress: UInt16, pan: PANIdentifier, timing: RangingTiming,
        transmitClock: TransmitClock, receivers: Int = 1,
        timeOfFlight: @escaping (CompletedRound) -> ReportedTimeOfFlight? = { _ in nil }
    ) {
        link = RangingLink(session: session, pan: pan, localAddress: localAddress, peerAddress: peerAddress)
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
            if case .awaitingFinal(let round, _, _, _, _) = state {
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
        case (.receiveTimeout, .awaitingFinal(let round, _, _, _, _)):
            return fail(.timeout(awaiting: .final), round: round)
        case (.receiveFailed(let reason), .awaitingFinal(let round, _, _, _, _)):
            return fail(.frameError(reason, awaiting: .final), round: round)
        case (.receiveTimeout, .listening), (.receiveFailed, .listening):
            return listen()
        }
    }

    private func received(_ frame: ReceivedFrame) -> [RangingCommand] {
        guard let decoded = try? link.decode(frame.frame) else { return ignore(frame) }
        switch (decoded.message, state) {
        case (.poll, _):
            var commands = flushCollecting()
            if case .awaitingFinal(let round, _, _, _, _) = state {
                commands.append(failure(.abandoned, round: round))
            }
            return commands + respond(to: decoded, frame)
        case (.final(let pollTransmitted, let responseReceived, let finalTransmitted),
              .awaitingFinal(let round, let pollReceived, let responseTransmitted, let pollFrame, _)) where decoded.round == round:
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
            let plan = PlannedTransmission(
                .report, round: round, notBefore: frame.timestamp + timing.replyDelay, clock: transmitClock)
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
        default:
            return ignore(frame)
        }
    }

    private func respond(to poll: RangingFrame, _ frame: ReceivedFrame) -> [RangingCommand] {
        receptions.retainOnly(frame.frame)
        receptions.add(frame, chip: 0)
        let plan = PlannedTransmission(
            .response, round: poll.round, notBefore: frame.timestamp + timing.replyDelay, clock: transmitClock)
        state = .awaitingFinal(
            round: poll.round, pollReceived: frame.timestamp, responseTransmitted: plan.stamp, pollFrame: frame.frame,
            deadline: timing.deadline(afterTransmissionAt: plan.stamp, expecting: .final))
        return send(plan, .response, awaiting: timing.responseWindow(after: .response, expecting: .final))
    }

    private func send(_ plan: PlannedTransmission, _ message: RangingMessage, awaiting window: ResponseWindow) -> [RangingCommand] {
        do {
            let frame = try link.frame(round: plan.round, message: message).encoded()
            pendingTransmission = plan
            return [.transmit(frame: frame, at: plan.start, awaiting: window)]
        } catch {
            return fail(.encoding(error), round: plan.round)
        }
    }

    /// Listens again after a frame that is not the one awaited: until FINAL's window would have
    /// closed while awaiting it, indefinitely otherwise.
    private func ignore(_ frame: ReceivedFrame) -> [RangingCommand] {
        guard case .awaitingFinal(let round, _, _, _, let deadline) = state else { return listen() }
        let remaining = deadline - frame.timestamp
        guard remaining > .zero else { return fail(.timeout(awaiting: .final), round: round) }
        return [.listen(ReceiveWindow(timeout: remaining))]
    }

    private func secondary(_ event: TransceiverEvent, chip: Int) -> [RangingCommand] {
        guard case .frameReceived(let frame) = event, (try? link.decode(frame.frame)) != nil else { return [] }
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

    private func listen() -> [RangingCommand] {
        state = .listening
        return [.listen(.untilTurnedOff)]
    }

    private func failure(_ kind: RangingFailureKind, round: UInt16) -> RangingCommand {
        .failed(RangingFailure(kind: kind, round: round, role: .responder, attempts: 1))
    }

    /// Reports the failure and listens again.
    private func fail(_ kind: RangingFailureKind, round: UInt16) -> [RangingCommand] {
        pendingTransmission = nil
        return [failure(kind, round: round)] + listen()
    }
}
