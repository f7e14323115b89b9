import Testing
import UWBCore
import UWBRanging

@Suite("Responder, driven by hand")
struct ResponderTests {
    typealias F = RoundFixtures
    let pollRx = F.time(5_000_000)

    func poll(round: UInt16 = 7) throws -> [UInt8] {
        try F.octets(.poll, round: round, from: F.initiatorAddress, to: F.responderAddress)
    }

    /// Starts listening, receives POLL and checks RESPONSE; returns RESPONSE's TX stamp.
    func answerPoll(_ responder: Responder, round: UInt16 = 7) throws -> DeviceTime {
        let at = F.clock.gridTime(notBefore: pollRx + F.timing.replyDelay)
        let response = try F.octets(.response, round: round, from: F.responderAddress, to: F.initiatorAddress)
        #expect(responder.handle(F.received(try poll(round: round), at: pollRx, marker: 5)) == [
            .transmit(frame: response, at: at, awaiting: F.window(afterSending: response, expecting: .final)),
        ])
        let stamp = at + F.clock.antennaDelay
        #expect(responder.handle(.transmitScheduled(stamp)).isEmpty)
        return stamp
    }

    @Test("a round: listen, RESPONSE, then REPORT with its stamps and time of flight, completed, listening again")
    func fullRound() throws {
        let responder = F.responder { ReportedTimeOfFlight(ticks: doubleSidedTicks($0)) }
        #expect(responder.handle(.start(now: F.time(0))) == [.listen(.untilTurnedOff)])
        let responseTx = try answerPoll(responder)
        // The initiator's clock: 20 ticks of flight each way.
        let pollTx = F.time(900_000_000)
        let responseRx = pollTx + responseTx.elapsed(since: pollRx) + DeviceDuration(ticks: 40)
        let finalTx = F.clock.gridTime(notBefore: responseRx + F.timing.replyDelay) + F.clock.antennaDelay
        let finalRx = responseTx + finalTx.elapsed(since: responseRx) + DeviceDuration(ticks: 40)
        let final = try F.octets(.final(pollTransmitted: pollTx, responseReceived: responseRx, finalTransmitted: finalTx),
                                 round: 7, from: F.initiatorAddress, to: F.responderAddress)
        let tof = ReportedTimeOfFlight(ticks: 20)
        let reportAt = F.clock.gridTime(notBefore: finalRx + F.timing.replyDelay)
        let report = try F.octets(.report(pollReceived: pollRx, responseTransmitted: responseTx, finalReceived: finalRx,
                                          timeOfFlight: tof), round: 7, from: F.responderAddress, to: F.initiatorAddress)
        let expected = CompletedRound(
            session: F.session, round: 7, peer: F.initiatorAddress, role: .responder, attempt: 1,
            timestamps: RoundTimestamps(
                pollTransmitted: pollTx, pollReceived: pollRx, responseTransmitted: responseTx,
                responseReceived: responseRx, finalTransmitted: finalTx, finalReceived: finalRx),
            receptions: [.poll: [F.diagnostics(5)], .final: [F.diagnostics(6)]], reportedTimeOfFlight: tof)
        #expect(responder.handle(F.received(final, at: finalRx, marker: 6)) == [
            .transmit(frame: report, at: reportAt, awaiting: ResponseWindow(delay: .zero, timeout: nil)),
            .completed(expected),
        ])
        #expect(responder.handle(.transmitScheduled(reportAt + F.clock.antennaDelay)).isEmpty)
        // Listening again: the next POLL is answered.
        _ = try answerPoll(responder, round: 8)
    }

    @Test("without a time-of-flight function REPORT says \"no result\"")
    func noResult() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        let responseTx = try answerPoll(responder)
        let final = try F.octets(.final(pollTransmitted: F.time(1), responseReceived: F.time(2), finalTransmitted: F.time(3)),
                                 round: 7, from: F.initiatorAddress, to: F.responderAddress)
        let finalRx = responseTx + F.timing.replyDelay
        let commands = responder.handle(F.received(final, at: finalRx))
        guard case .transmit(let octets, _, _) = commands.first else {
            Issue.record("no REPORT: \(commands)")
            return
        }
        #expect(Array(octets.suffix(4)) == [0xFF, 0xFF, 0xFF, 0x7F])
    }

    @Test("after a timeout, a CRC error or a late REPORT it reports the failure and listens again")
    func errors() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        _ = try answerPoll(responder)
        #expect(responder.handle(.event(.receiveTimeout, chip: 0)) == [
            .failed(RangingFailure(kind: .timeout(awaiting: .final), round: 7, role: .responder, attempts: 1, session: RoundFixtures.session)),
            .listen(.untilTurnedOff),
        ])
        _ = try answerPoll(responder, round: 8)
        #expect(responder.handle(.event(.receiveFailed(.frameCheckFailed), chip: 0)) == [
            .failed(RangingFailure(kind: .frameError(.frameCheckFailed, awaiting: .final), round: 8, role: .responder, attempts: 1, session: RoundFixtures.session)),
            .listen(.untilTurnedOff),
        ])
        let responseTx = try answerPoll(responder, round: 9)
        let final = try F.octets(.final(pollTransmitted: F.time(1), responseReceived: F.time(2), finalTransmitted: F.time(3)),
                                 round: 9, from: F.initiatorAddress, to: F.responderAddress)
        _ = responder.handle(F.received(final, at: responseTx + F.timing.replyDelay))
        #expect(responder.handle(.transmitFailed(.lateTransmission(scheduled: F.time(0)))) == [
            .failed(RangingFailure(kind: .lateTransmission(.report), round: 9, role: .responder, attempts: 1, session: RoundFixtures.session)),
            .listen(.untilTurnedOff),
        ])
        _ = try answerPoll(responder, round: 10)
    }

    @Test("foreign frames and stray failures while listening just re-enable the receiver")
    func foreign() throws {
        let responder = F.responder()
        #expect(responder.handle(F.received(try poll(), at: pollRx)).isEmpty, "not started yet")
        _ = responder.handle(.start(now: F.time(0)))
        let strangers = [
            try F.octets(.poll, round: 7, from: 0x0009, to: F.responderAddress),
            try F.octets(.poll, round: 7, from: F.initiatorAddress, to: F.responderAddress, session: SessionIdentifier(rawValue: 3)),
            try F.octets(.final(pollTransmitted: F.time(1), responseReceived: F.time(2), finalTransmitted: F.time(3)),
                         round: 7, from: F.initiatorAddress, to: F.responderAddress),
            [0xFF],
        ]
        for octets in strangers {
            #expect(responder.handle(F.received(octets, at: pollRx)) == [.listen(.untilTurnedOff)])
        }
        #expect(responder.handle(.event(.receiveFailed(.sfdTimeout), chip: 0)) == [.listen(.untilTurnedOff)])
        // While awaiting FINAL, a stale FINAL keeps the window until its deadline.
        let responseTx = try answerPoll(responder)
        let deadline = F.timing.deadline(afterTransmissionAt: responseTx, expecting: .final)
        let at = responseTx + DeviceDuration(ticks: 10)
        let stale = try F.octets(.final(pollTransmitted: F.time(1), responseReceived: F.time(2), finalTransmitted: F.time(3)),
                                 round: 6, from: F.initiatorAddress, to: F.responderAddress)
        #expect(responder.handle(F.received(stale, at: at)) == [.listen(ReceiveWindow(timeout: deadline - at))])
    }

    @Test("a new POLL while awaiting FINAL abandons the old round and answers the new one")
    func newPoll() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        _ = try answerPoll(responder)
        let commands = responder.handle(F.received(try poll(round: 8), at: pollRx))
        #expect(commands.first == .failed(RangingFailure(kind: .abandoned, round: 7, role: .responder, attempts: 1, session: RoundFixtures.session)))
        #expect(commands.count == 2)
    }
}
