import Testing
import UWBCore
import UWBRanging

/// ``Responder`` answering its slot of a group round, driven by hand: the fixtures' responder
/// (0x0002, session 0xDEADBEEF) is slot 1 of a group POLL of three from its peer 0x0001.
///
/// A slot is the reply delay plus the listening margin, and the gaps after the group POLL and the
/// group FINAL are ``GroupRoundSchedule``'s (``GroupRoundScheduleTests`` checks all three against
/// the airtimes), so the RESPONSE and the FINAL window follow by hand.
@Suite("Responder, answering its slot of a group round")
struct ResponderGroupTests {
    typealias F = RoundFixtures
    typealias H = HandTiming
    let pollRx = F.time(5_000_000)
    /// The initiator's clock when it sent POLL.
    let pollTx = F.time(900_000_000)
    /// The one-way flight time built into the stamps, in ticks.
    let flight: Int64 = 20

    static let others = [
        GroupPollEntry(session: SessionIdentifier(rawValue: 0x0000_0011), responder: 0x0005),
        GroupPollEntry(session: SessionIdentifier(rawValue: 0x0000_0033), responder: 0x0006),
    ]
    /// The three entries; this responder's is slot 1.
    static let entries = [others[0], GroupPollEntry(session: F.session, responder: F.responderAddress), others[1]]

    /// A group frame of round `round` from `source` to everyone in `pan`.
    func group(_ message: RangingMessage, round: UInt16 = 7, from source: UInt16 = F.initiatorAddress,
               pan: PANIdentifier = F.pan) throws -> [UInt8] {
        try RangingFrame(session: RangingFrameFormat.groupSession, round: round, source: source,
                         destination: RangingFrameFormat.broadcastAddress, pan: pan, message: message).encoded()
    }

    var slot: DeviceDuration { H.slot }
    /// The gap after a group POLL of three.
    var pollGap: DeviceDuration { GroupRoundSchedule(responders: 3, timing: F.timing).pollGap }
    var replyDelay: DeviceDuration { F.timing.replyDelay }
    var margin: DeviceDuration { F.timing.listenMargin }

    /// RESPONSE to FINAL: the schedule's finalOffset (POLL, two slots, reply delay) minus slot 1's
    /// offset (POLL gap and one slot).
    var responseToFinal: DeviceDuration { slot + replyDelay }

    /// The longest secured group FINAL of three slots on the air (FCS included): 66 octets.
    var finalAirtime: DeviceDuration { H.airtime(octets: 66) }

    /// Receives the group POLL and checks the RESPONSE in slot 1; returns its TX stamp.
    func answerGroupPoll(_ responder: Responder, round: UInt16 = 7, chip1: Bool = false) throws -> DeviceTime {
        if chip1 {
            #expect(responder.handle(F.received(try group(.groupPoll(entries: Self.entries), round: round), at: pollRx,
                                                chip: 1, marker: 15)).isEmpty)
        }
        let at = H.grid(pollRx + pollGap + slot)
        let response = try F.octets(.response, round: round, from: F.responderAddress, to: F.initiatorAddress)
        let window = ResponseWindow(delay: responseToFinal - H.airtime(octets: 20) - margin, timeout: finalAirtime + margin + margin)
        #expect(window.delay == replyDelay * 2 - H.airtime(octets: 20))
        #expect(responder.handle(F.received(try group(.groupPoll(entries: Self.entries), round: round), at: pollRx, marker: 5)) == [
            .transmit(frame: response, at: at, awaiting: window),
        ])
        #expect(at.ticks % 512 == 0 && (at - (pollRx + pollGap + slot)).ticks < 512)
        let stamp = at + F.clock.antennaDelay
        #expect(responder.handle(.transmitScheduled(stamp)).isEmpty)
        return stamp
    }

    /// The initiator's stamps for a RESPONSE sent at `responseTx`: RESPONSE's RX and FINAL's TX.
    func initiatorStamps(responseTx: DeviceTime) -> (responseRx: DeviceTime, finalTx: DeviceTime) {
        let responseRx = pollTx + responseTx.elapsed(since: pollRx) + DeviceDuration(ticks: 2 * flight)
        let finalOffset = pollGap + slot * 2 + replyDelay
        return (responseRx, H.grid(pollTx + finalOffset) + F.clock.antennaDelay)
    }

    /// When FINAL's window closes after a RESPONSE sent at `responseTx`.
    func finalDeadline(responseTx: DeviceTime) -> DeviceTime {
        responseTx + responseToFinal + finalAirtime - H.header + margin
    }

    @Test("a group POLL naming this link in slot 1 of 3 is answered by RESPONSE one slot after the reply delay")
    func response() throws {
        let responder = F.responder()
        #expect(responder.handle(.start(now: F.time(0))) == [.listen(.untilTurnedOff)])
        _ = try answerGroupPoll(responder)
    }

    @Test("the group FINAL with this slot's stamp completes the round with six stamps and sends REPORT in slot 1")
    func groupFinal() throws {
        let responder = F.responder { ReportedTimeOfFlight(ticks: doubleSidedTicks($0)) }
        _ = responder.handle(.start(now: F.time(0)))
        let responseTx = try answerGroupPoll(responder)
        let (responseRx, finalTx) = initiatorStamps(responseTx: responseTx)
        let finalRx = responseTx + finalTx.elapsed(since: responseRx) + DeviceDuration(ticks: 2 * flight)
        let final = try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx,
                                          responsesReceived: [F.time(123), responseRx, nil]))
        let tof = ReportedTimeOfFlight(ticks: Double(flight))
        let reportOffset = GroupRoundSchedule(responders: 3, timing: F.timing).reportGap + slot
        let reportAt = H.grid(finalRx + reportOffset)
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
        #expect(doubleSidedTicks(expected) == Double(flight))
        #expect(responder.handle(.transmitScheduled(reportAt + F.clock.antennaDelay)).isEmpty)
        // Listening again: the next group POLL is answered.
        _ = try answerGroupPoll(responder, round: 8)
    }

    @Test("a group FINAL without this slot's RESPONSE stamp fails with responseNotReceived and listens again")
    func responseNotReceived() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        let responseTx = try answerGroupPoll(responder)
        let (responseRx, finalTx) = initiatorStamps(responseTx: responseTx)
        let final = try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx,
                                          responsesReceived: [responseRx, nil, responseRx]))
        #expect(responder.handle(F.received(final, at: responseTx + responseToFinal)) == [
            .failed(RangingFailure(kind: .responseNotReceived, round: 7, role: .responder, attempts: 1, session: F.session)),
            .listen(.untilTurnedOff),
        ])
        #expect(RangingFailureKind.responseNotReceived.description.count > 30)
        _ = try answerGroupPoll(responder, round: 8)
    }

    @Test("a group POLL that does not name this link (another address, session or PAN) is ignored: it listens on")
    func pollNotNamingIt() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        let strangers: [[GroupPollEntry]] = [
            Self.others,
            [GroupPollEntry(session: F.session, responder: 0x0003)],
            [GroupPollEntry(session: SessionIdentifier(rawValue: 0x1234), responder: F.responderAddress)],
        ]
        for entries in strangers {
            #expect(responder.handle(F.received(try group(.groupPoll(entries: entries)), at: pollRx)) == [.listen(.untilTurnedOff)],
                    "\(entries)")
        }
        #expect(responder.handle(F.received(try group(.groupPoll(entries: Self.entries), pan: PANIdentifier(rawValue: 0x1234)),
                                            at: pollRx)) == [.listen(.untilTurnedOff)], "another PAN")
        // A group FINAL while nothing is awaited is ignored too.
        let final = try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: pollTx, responsesReceived: [pollTx, pollTx, pollTx]))
        #expect(responder.handle(F.received(final, at: pollRx)) == [.listen(.untilTurnedOff)])
    }

    @Test("a group FINAL from another source, of another round or size, or a two-party FINAL is ignored until FINAL's deadline")
    func foreignFinals() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        let responseTx = try answerGroupPoll(responder)
        let (responseRx, finalTx) = initiatorStamps(responseTx: responseTx)
        let deadline = finalDeadline(responseTx: responseTx)
        let stamps: [DeviceTime?] = [responseRx, responseRx, responseRx]
        let foreign: [[UInt8]] = [
            try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx, responsesReceived: stamps), from: 0x0009),
            try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx, responsesReceived: stamps), round: 6),
            try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx, responsesReceived: stamps),
                      pan: PANIdentifier(rawValue: 0x1234)),
            try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx, responsesReceived: [responseRx, responseRx])),
            try F.octets(.final(pollTransmitted: pollTx, responseReceived: responseRx, finalTransmitted: finalTx),
                         round: 7, from: F.initiatorAddress, to: F.responderAddress),
        ]
        let at = responseTx + DeviceDuration(ticks: 10_000)
        for octets in foreign {
            #expect(responder.handle(F.received(octets, at: at)) == [.listen(ReceiveWindow(timeout: deadline - at))])
        }
        #expect(responder.handle(F.received(foreign[0], at: deadline + DeviceDuration(ticks: 1))) == [
            .failed(RangingFailure(kind: .timeout(awaiting: .final), round: 7, role: .responder, attempts: 1, session: F.session)),
            .listen(.untilTurnedOff),
        ])
    }

    @Test("without the group FINAL the window's timeout fails the round awaiting FINAL")
    func timeout() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        _ = try answerGroupPoll(responder)
        #expect(responder.handle(.event(.receiveTimeout, chip: 0)) == [
            .failed(RangingFailure(kind: .timeout(awaiting: .final), round: 7, role: .responder, attempts: 1, session: F.session)),
            .listen(.untilTurnedOff),
        ])
    }

    @Test("a new group POLL while awaiting the group FINAL abandons the old round and answers the new one")
    func newGroupPoll() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        _ = try answerGroupPoll(responder)
        let commands = responder.handle(F.received(try group(.groupPoll(entries: Self.entries), round: 8), at: pollRx))
        #expect(commands.first == .failed(RangingFailure(kind: .abandoned, round: 7, role: .responder, attempts: 1, session: F.session)))
        guard commands.count == 2, case .transmit(let octets, _, _) = commands[1] else {
            Issue.record("no RESPONSE: \(commands)")
            return
        }
        #expect(try RangingFrame(decoding: octets) == F.responderLink.frame(round: 8, message: .response))
    }

    @Test("the only slot of a group of one answers a reply delay after POLL, as in a two-party round")
    func groupOfOne() throws {
        let responder = F.responder()
        _ = responder.handle(.start(now: F.time(0)))
        let entries = [GroupPollEntry(session: F.session, responder: F.responderAddress)]
        let commands = responder.handle(F.received(try group(.groupPoll(entries: entries)), at: pollRx))
        guard case .transmit(_, let at, let window) = commands.first else {
            Issue.record("no RESPONSE: \(commands)")
            return
        }
        #expect(at == H.grid(pollRx + replyDelay))
        // FINAL follows RESPONSE by a reply delay; the window covers the 38-octet group FINAL.
        #expect(window == ResponseWindow(delay: replyDelay - H.airtime(octets: 20) - margin, timeout: H.airtime(octets: 48) + margin + margin))
    }

    @Test("two receivers: the round completes when chip 1 has delivered the group FINAL too")
    func twoReceivers() throws {
        let responder = F.responder(receivers: 2)
        _ = responder.handle(.start(now: F.time(0)))
        let responseTx = try answerGroupPoll(responder, chip1: true)
        let (responseRx, finalTx) = initiatorStamps(responseTx: responseTx)
        let final = try group(.groupFinal(pollTransmitted: pollTx, finalTransmitted: finalTx,
                                          responsesReceived: [nil, responseRx, nil]))
        let finalRx = responseTx + responseToFinal
        let commands = responder.handle(F.received(final, at: finalRx, marker: 6))
        #expect(commands.count == 2)
        #expect(commands.last == .startTimer(F.timing.receiverGrace))
        let completion = responder.handle(F.received(final, at: finalRx, chip: 1, marker: 16))
        guard case .completed(let round) = completion.first, completion.count == 1 else {
            Issue.record("not completed: \(completion)")
            return
        }
        #expect(round.receptions == [.poll: [F.diagnostics(5), F.diagnostics(15)], .final: [F.diagnostics(6), F.diagnostics(16)]])
        #expect(round.timestamps.responseReceived == responseRx)
    }
}

extension RoundFixtures {
    /// The responder's link: from 0x0002 to 0x0001 in the fixtures' session.
    static var responderLink: RangingLink {
        RangingLink(session: session, pan: pan, localAddress: responderAddress, peerAddress: initiatorAddress)
    }
}
