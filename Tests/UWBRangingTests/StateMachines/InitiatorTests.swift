import Testing
import UWBCore
import UWBRanging

@Suite("Initiator, driven by hand")
struct InitiatorTests {
    typealias F = RoundFixtures
    let now = F.time(1_000_000)

    /// Starts a round and checks the POLL command; returns the POLL's TX stamp.
    func startRound(_ initiator: Initiator, now: DeviceTime, round: UInt16, input: RangingInput? = nil) throws -> DeviceTime {
        let commands = initiator.handle(input ?? .start(now: now))
        let at = F.clock.gridTime(notBefore: now + F.timing.startDelay)
        #expect(at.ticks % 512 == 0)
        #expect((at - (now + F.timing.startDelay)).ticks < 512)
        let poll = try F.octets(.poll, round: round, from: F.initiatorAddress, to: F.responderAddress)
        #expect(commands == [.transmit(frame: poll, at: at, awaiting: F.window(afterSending: poll, expecting: .response))])
        let stamp = at + F.clock.antennaDelay
        #expect(initiator.handle(.transmitScheduled(stamp)).isEmpty)
        return stamp
    }

    @Test("a round: POLL, FINAL with its own predicted stamp, then the completed round with six timestamps")
    func fullRound() throws {
        let initiator = F.initiator()
        let pollTx = try startRound(initiator, now: now, round: 7)
        let responseRx = pollTx + F.timing.replyDelay + DeviceDuration(ticks: 2_000)
        let response = try F.octets(.response, round: 7, from: F.responderAddress, to: F.initiatorAddress)
        let finalCommands = initiator.handle(F.received(response, at: responseRx, marker: 3))
        let finalAt = F.clock.gridTime(notBefore: responseRx + F.timing.replyDelay)
        let finalTx = finalAt + F.clock.antennaDelay
        let final = try F.octets(.final(pollTransmitted: pollTx, responseReceived: responseRx, finalTransmitted: finalTx),
                                 round: 7, from: F.initiatorAddress, to: F.responderAddress)
        #expect(finalCommands == [.transmit(frame: final, at: finalAt,
                                            awaiting: F.window(afterSending: final, expecting: .report))])
        #expect(initiator.handle(.transmitScheduled(finalTx)).isEmpty)
        #expect(initiator.handle(.event(.transmitted(at: finalTx), chip: 0)).isEmpty)

        let tof = ReportedTimeOfFlight(ticks: 1_000)
        let reportMessage = RangingMessage.report(pollReceived: F.time(50), responseTransmitted: F.time(60),
                                                  finalReceived: F.time(70), timeOfFlight: tof)
        let report = try F.octets(reportMessage, round: 7, from: F.responderAddress, to: F.initiatorAddress)
        let reportRx = finalTx + F.timing.replyDelay
        let expected = CompletedRound(
            session: F.session, round: 7, peer: F.responderAddress, role: .initiator, attempt: 1,
            timestamps: RoundTimestamps(
                pollTransmitted: pollTx, pollReceived: F.time(50), responseTransmitted: F.time(60),
                responseReceived: responseRx, finalTransmitted: finalTx, finalReceived: F.time(70)),
            receptions: [.response: [F.diagnostics(3)], .report: [F.diagnostics(4)]], reportedTimeOfFlight: tof)
        #expect(initiator.handle(F.received(report, at: reportRx, marker: 4)) == [.completed(expected)])
        #expect(initiator.handle(.event(.receiveTimeout, chip: 0)).isEmpty)
    }

    @Test("the response window opens before the reply's preamble and closes after its end")
    func windows() {
        let window = F.timing.responseWindow(after: .poll, expecting: .response)
        let pollEnd = F.timing.airtime(.poll)
        // Times after POLL's preamble starts: POLL ends at airtime(POLL); the reply's RMARKER is
        // replyDelay after POLL's, so its preamble (as long as POLL's) starts replyDelay after POLL's.
        #expect(pollEnd + window.delay == F.timing.replyDelay - F.timing.listenMargin)
        #expect(window.timeout == F.timing.airtime(.response) + F.timing.listenMargin + F.timing.listenMargin)
        #expect(F.timing.replyDelay > F.timing.airtime(.report) + F.timing.listenMargin)
        #expect(F.timing.replyDelay == DeviceDuration(ticks: Int64((273e-6 * DeviceClock.ticksPerSecond).rounded(.up))))
    }

    @Test("timeouts retry with a new round number after the retry delay, then fail after the limit")
    func retries() throws {
        let initiator = F.initiator()
        _ = try startRound(initiator, now: now, round: 7)
        #expect(initiator.handle(.event(.receiveTimeout, chip: 0)) == [.startTimer(F.timing.retryDelay)])
        let later = now + DeviceDuration(ticks: 100_000_000)
        _ = try startRound(initiator, now: later, round: 8, input: .timerFired(now: later))
        #expect(initiator.handle(.event(.receiveFailed(.frameCheckFailed), chip: 0)) == [.startTimer(F.timing.retryDelay)])
        _ = try startRound(initiator, now: later, round: 9, input: .timerFired(now: later))
        #expect(F.timing.retries == 2)
        #expect(initiator.handle(.event(.receiveTimeout, chip: 0)) == [
            .failed(RangingFailure(kind: .timeout(awaiting: .response), round: 9, role: .initiator, attempts: 3, session: RoundFixtures.session)),
        ])
        // A new start begins afresh.
        _ = try startRound(initiator, now: later, round: 10)
    }

    @Test("a late FINAL is retried; a stamp that differs from the prediction fails at once")
    func transmitProblems() throws {
        let initiator = F.initiator()
        let pollTx = try startRound(initiator, now: now, round: 7)
        let response = try F.octets(.response, round: 7, from: F.responderAddress, to: F.initiatorAddress)
        _ = initiator.handle(F.received(response, at: pollTx + F.timing.replyDelay))
        #expect(initiator.handle(.transmitFailed(.lateTransmission(scheduled: now))) == [.startTimer(F.timing.retryDelay)])

        let other = F.initiator()
        _ = other.handle(.start(now: now))
        let predicted = F.clock.gridTime(notBefore: now + F.timing.startDelay) + F.clock.antennaDelay
        let actual = predicted + DeviceDuration(ticks: 1)
        #expect(other.handle(.transmitScheduled(actual)) == [
            .turnOff,
            .failed(RangingFailure(kind: .transmitTimeMismatch(predicted: predicted, actual: actual), round: 7,
                                   role: .initiator, attempts: 1, session: RoundFixtures.session)),
        ])
    }

    @Test("frames of other sessions, devices or rounds are ignored: listen until the window would close")
    func foreignFrames() throws {
        let initiator = F.initiator()
        let pollTx = try startRound(initiator, now: now, round: 7)
        let deadline = F.timing.deadline(afterTransmissionAt: pollTx, expecting: .response)
        let at = pollTx + DeviceDuration(ticks: 1_000)
        let foreign = [
            try F.octets(.response, round: 7, from: F.responderAddress, to: F.initiatorAddress, session: SessionIdentifier(rawValue: 1)),
            try F.octets(.response, round: 7, from: 0x0009, to: F.initiatorAddress),
            try F.octets(.response, round: 6, from: F.responderAddress, to: F.initiatorAddress),
            [0x01, 0x02, 0x03],
        ]
        for octets in foreign {
            #expect(initiator.handle(F.received(octets, at: at)) == [.listen(ReceiveWindow(timeout: deadline - at))])
        }
        #expect(initiator.handle(F.received(foreign[0], at: deadline + DeviceDuration(ticks: 1))) == [.startTimer(F.timing.retryDelay)])
    }

    @Test("an unexpected message of the round is retried")
    func unexpected() throws {
        let initiator = F.initiator()
        let pollTx = try startRound(initiator, now: now, round: 7)
        let poll = try F.octets(.poll, round: 7, from: F.responderAddress, to: F.initiatorAddress)
        #expect(initiator.handle(F.received(poll, at: pollTx + F.timing.replyDelay)) == [.startTimer(F.timing.retryDelay)])
    }

    @Test("a board with two receivers collects both chips' receptions, in either order")
    func twoReceivers() throws {
        let initiator = F.initiator(receivers: 2)
        let pollTx = try startRound(initiator, now: now, round: 7)
        let response = try F.octets(.response, round: 7, from: F.responderAddress, to: F.initiatorAddress)
        let responseRx = pollTx + F.timing.replyDelay
        #expect(initiator.handle(F.received(response, at: responseRx + DeviceDuration(ticks: 3), chip: 1, marker: 11)).isEmpty)
        let finalCommands = initiator.handle(F.received(response, at: responseRx, marker: 10))
        guard case .transmit(_, let finalAt, _) = finalCommands.first else {
            Issue.record("no FINAL: \(finalCommands)")
            return
        }
        _ = initiator.handle(.transmitScheduled(finalAt + F.clock.antennaDelay))
        let report = try F.octets(.report(pollReceived: F.time(1), responseTransmitted: F.time(2), finalReceived: F.time(3),
                                          timeOfFlight: nil), round: 7, from: F.responderAddress, to: F.initiatorAddress)
        let reportRx = finalAt + F.timing.replyDelay
        #expect(initiator.handle(F.received(report, at: reportRx, marker: 20)) == [.startTimer(F.timing.receiverGrace)])
        let commands = initiator.handle(F.received(report, at: reportRx, chip: 1, marker: 21))
        guard case .completed(let round) = commands.first, commands.count == 1 else {
            Issue.record("not completed: \(commands)")
            return
        }
        #expect(round.receptions[.response] == [F.diagnostics(10), F.diagnostics(11)])
        #expect(round.receptions[.report] == [F.diagnostics(20), F.diagnostics(21)])
        #expect(round.reportedTimeOfFlight == nil)
    }

    @Test("a chip that misses the closing frame delays completion only until the grace timer")
    func missingReceiver() throws {
        let initiator = F.initiator(receivers: 2)
        let pollTx = try startRound(initiator, now: now, round: 7)
        let response = try F.octets(.response, round: 7, from: F.responderAddress, to: F.initiatorAddress)
        let finalCommands = initiator.handle(F.received(response, at: pollTx + F.timing.replyDelay))
        guard case .transmit(_, let finalAt, _) = finalCommands.first else { return }
        _ = initiator.handle(.transmitScheduled(finalAt + F.clock.antennaDelay))
        let report = try F.octets(.report(pollReceived: F.time(1), responseTransmitted: F.time(2), finalReceived: F.time(3),
                                          timeOfFlight: nil), round: 7, from: F.responderAddress, to: F.initiatorAddress)
        #expect(initiator.handle(F.received(report, at: finalAt + F.timing.replyDelay)) == [.startTimer(F.timing.receiverGrace)])
        let commands = initiator.handle(.timerFired(now: now))
        guard case .completed(let round) = commands.first else {
            Issue.record("not completed: \(commands)")
            return
        }
        #expect(round.receptions[.report] == [F.diagnostics(1), nil])
    }
}
