import UWBCore

/// The initiator of double-sided two-way ranging, as an event-driven state machine: it takes
/// ``RangingInput``s from a radio loop and answers with ``RangingCommand``s, with no clock reads,
/// sleeps or `async` inside.
///
/// A round: on ``RangingInput/start(now:)`` it sends POLL at `now + startDelay` with a response
/// window for RESPONSE; on RESPONSE it sends FINAL (carrying POLL's and FINAL's TX and RESPONSE's
/// RX timestamps) `replyDelay` after RESPONSE's RX timestamp with a window for REPORT; on REPORT
/// it reports ``RangingCommand/completed(_:)`` with all six timestamps. A timeout, a failed
/// reception, a late transmission or an unexpected message starts a new attempt with a new round
/// number after ``RangingTiming/retryDelay``, up to ``RangingTiming/retries`` times, then
/// ``RangingCommand/failed(_:)``. Frames of other sessions, devices or rounds are ignored: the
/// receiver listens again until the window would have closed.
public final class Initiator {
    /// The session, PAN and addresses.
    public let link: RangingLink
    /// The delays and windows.
    public let timing: RangingTiming
    /// How the radio stamps delayed transmissions.
    public let transmitClock: TransmitClock

    private enum State {
        case idle
        case awaitingResponse(pollTransmitted: DeviceTime, deadline: DeviceTime)
        case awaitingReport(pollTransmitted: DeviceTime, responseReceived: DeviceTime, finalTransmitted: DeviceTime,
                            responseFrame: [UInt8], deadline: DeviceTime)
        case collecting(PendingCompletion)
        case waitingToRetry
    }

    private var state = State.idle
    private var round: UInt16
    private var attempt = 0
    private var receptions: ChipReceptions
    private var pendingTransmission: PlannedTransmission?
    /// The STS frame numbers of the current attempt, for a secured link (``SecureTimestampRound``).
    private var stsRound: SecureTimestampRound?

    /// An idle initiator.
    ///
    /// - Parameters:
    ///   - session: the session every frame carries.
    ///   - localAddress: this device's short address.
    ///   - peerAddress: the responder's short address.
    ///   - pan: the session's PAN.
    ///   - timing: delays and windows, for example ``RangingTiming/emulator(for:)``.
    ///   - transmitClock: the radio's delayed-TX grid and TX antenna delay.
    ///   - receivers: how many chips of the board receive (their events come with chip 0…receivers−1).
    ///   - firstRound: the round number of the first attempt; each attempt takes the next one.
    ///   - protection: the keys and counters of a secured session; `nil` for a plain one.
    public init(
        session: SessionIdentifier, localAddress: UInt16, peerAddress: UInt16, pan: PANIdentifier, timing: RangingTiming,
        transmitClock: TransmitClock, receivers: Int = 1, firstRound: UInt16 = 0, protection: LinkProtection? = nil
    ) {
        link = RangingLink(session: session, pan: pan, localAddress: localAddress, peerAddress: peerAddress, protection: protection)
        self.timing = timing
        self.transmitClock = transmitClock
        receptions = ChipReceptions(receivers: receivers)
        round = firstRound &- 1
    }

    /// Takes one input and returns the commands the loop must carry out, in order.
    public func handle(_ input: RangingInput) -> [RangingCommand] {
        switch input {
        case .start(let now):
            start(now)
        case .transmitScheduled(let stamp):
            confirm(stamp)
        case .transmitFailed(let error):
            transmitFailed(error)
        case .event(let event, let chip) where chip == 0:
            handle(event)
        case .event(let event, let chip):
            secondary(event, chip: chip)
        case .timerFired(let now):
            timerFired(now)
        }
    }

    private func start(_ now: DeviceTime) -> [RangingCommand] {
        var commands: [RangingCommand] = []
        switch state {
        case .idle:
            break
        case .awaitingResponse, .awaitingReport, .waitingToRetry:
            pendingTransmission = nil
            commands = [.turnOff, .failed(RangingFailure(kind: .abandoned, round: round, role: .initiator, attempts: attempt, session: link.session))]
        case .collecting(let pending):
            commands = [.completed(pending.completed(with: receptions))]
        }
        attempt = 1
        return commands + beginAttempt(now)
    }

    private func beginAttempt(_ now: DeviceTime) -> [RangingCommand] {
        round &+= 1
        receptions = ChipReceptions(receivers: receptions.receivers)
        let plan = PlannedTransmission(.poll, round: round, notBefore: now + timing.startDelay, clock: transmitClock)
        state = .awaitingResponse(
            pollTransmitted: plan.stamp, deadline: timing.deadline(afterTransmissionAt: plan.stamp, expecting: .response))
        return send(plan, .poll, awaiting: timing.responseWindow(after: .poll, expecting: .response))
    }

    private func send(_ plan: PlannedTransmission, _ message: RangingMessage, awaiting window: ResponseWindow) -> [RangingCommand] {
        do {
            let frame = try link.encode(round: plan.round, message: message)
            if message.type == .poll {
                stsRound = link.protection?.lastSentFrameCounter.map(SecureTimestampRound.init(poll:))
            }
            pendingTransmission = plan
            return stsRound.loading(message.type) + [.transmit(frame: frame, at: plan.start,
                              awaiting: timing.window(window, plannedAfter: plan.message, sending: frame.count))]
        } catch {
            return fail(.encoding(error))
        }
    }

    private func confirm(_ stamp: DeviceTime) -> [RangingCommand] {
        guard let plan = pendingTransmission else { return [] }
        pendingTransmission = nil
        guard plan.stamp == stamp else { return fail(.transmitTimeMismatch(predicted: plan.stamp, actual: stamp)) }
        return []
    }

    private func transmitFailed(_ error: TransceiverError) -> [RangingCommand] {
        guard let plan = pendingTransmission else { return [] }
        pendingTransmission = nil
        if case .lateTransmission = error {
            return fail(.lateTransmission(plan.message))
        }
        return fail(.transceiver(error))
    }

    /// The message the current window waits for, and when it closes.
    private var awaited: (message: RangingMessageType, deadline: DeviceTime)? {
        switch state {
        case .awaitingResponse(_, let deadline): (.response, deadline)
        case .awaitingReport(_, _, _, _, let deadline): (.report, deadline)
        case .idle, .collecting, .waitingToRetry: nil
        }
    }

    private func handle(_ event: TransceiverEvent) -> [RangingCommand] {
        guard let awaited else { return [] }
        switch event {
        case .frameReceived(let frame):
            return received(frame, awaiting: awaited.message, until: awaited.deadline)
        case .receiveTimeout:
            return fail(.timeout(awaiting: awaited.message))
        case .receiveFailed(let failure):
            return fail(.frameError(failure, awaiting: awaited.message))
        case .transmitted:
            return []
        }
    }

    private func received(_ frame: ReceivedFrame, awaiting message: RangingMessageType, until deadline: DeviceTime) -> [RangingCommand] {
        guard let decoded = try? link.decode(frame.frame), decoded.round == round else {
            let remaining = deadline - frame.timestamp
            guard remaining > .zero else { return fail(.timeout(awaiting: message)) }
            return stsRound.loading(message) + [.listen(ReceiveWindow(timeout: remaining))]
        }
        guard decoded.message.type == message else {
            return fail(.unexpectedMessage(decoded.message.type, awaiting: message))
        }
        receptions.add(frame, chip: 0)
        switch (state, decoded.message) {
        case (.awaitingResponse(let pollTransmitted, _), .response):
            let plan = PlannedTransmission(
                .final, round: round, notBefore: frame.timestamp + timing.replyDelay, clock: transmitClock)
            state = .awaitingReport(
                pollTransmitted: pollTransmitted, responseReceived: frame.timestamp, finalTransmitted: plan.stamp,
                responseFrame: frame.frame, deadline: timing.deadline(afterTransmissionAt: plan.stamp, expecting: .report))
            let final = RangingMessage.final(
                pollTransmitted: pollTransmitted, responseReceived: frame.timestamp, finalTransmitted: plan.stamp)
            return send(plan, final, awaiting: timing.responseWindow(after: .final, expecting: .report))
        case (.awaitingReport(let pollTransmitted, let responseReceived, let finalTransmitted, let responseFrame, _),
              .report(let pollReceived, let responseTransmitted, let finalReceived, let timeOfFlight)):
            let completed = CompletedRound(
                session: link.session, round: round, peer: link.peerAddress, role: .initiator, attempt: attempt,
                timestamps: RoundTimestamps(
                    pollTransmitted: pollTransmitted, pollReceived: pollReceived, responseTransmitted: responseTransmitted,
                    responseReceived: responseReceived, finalTransmitted: finalTransmitted, finalReceived: finalReceived),
                receptions: [:], reportedTimeOfFlight: timeOfFlight)
            let pending = PendingCompletion(
                round: completed, frames: [.response: responseFrame, .report: frame.frame], closingFrame: frame.frame)
            guard receptions.isComplete(frame.frame) else {
                state = .collecting(pending)
                return [.startTimer(timing.receiverGrace)]
            }
            state = .idle
            return [.completed(pending.completed(with: receptions))]
        default:
            return []
        }
    }

    private func secondary(_ event: TransceiverEvent, chip: Int) -> [RangingCommand] {
        guard case .frameReceived(let frame) = event, (try? link.decode(frame.frame, advancing: false)) != nil else { return [] }
        receptions.add(frame, chip: chip)
        guard case .collecting(let pending) = state, receptions.isComplete(pending.closingFrame) else { return [] }
        state = .idle
        return [.completed(pending.completed(with: receptions))]
    }

    private func timerFired(_ now: DeviceTime) -> [RangingCommand] {
        switch state {
        case .waitingToRetry:
            return beginAttempt(now)
        case .collecting(let pending):
            state = .idle
            return [.completed(pending.completed(with: receptions))]
        case .idle, .awaitingResponse, .awaitingReport:
            return []
        }
    }

    /// Ends the attempt: retries if the failure allows and attempts remain, otherwise reports it.
    private func fail(_ kind: RangingFailureKind) -> [RangingCommand] {
        pendingTransmission = nil
        if kind.isRetryable, attempt <= timing.retries {
            attempt += 1
            state = .waitingToRetry
            return [.startTimer(timing.retryDelay)]
        }
        state = .idle
        let failure = RangingCommand.failed(RangingFailure(kind: kind, round: round, role: .initiator, attempts: attempt, session: link.session))
        return kind.isRetryable ? [failure] : [.turnOff, failure]
    }
}
