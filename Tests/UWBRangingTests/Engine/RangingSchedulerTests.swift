import Testing
import UWBCore
import UWBRanging

@Suite("RangingScheduler: one radio shared by several links")
struct RangingSchedulerTests {
    /// This device (0x000A) initiates towards 0x000B.
    static let towardsB = RangingLink(session: SessionIdentifier(rawValue: 0x1111_0001), pan: RoundFixtures.pan,
                                      localAddress: 0x000A, peerAddress: 0x000B)
    /// This device (0x000A) initiates towards 0x000C.
    static let towardsC = RangingLink(session: SessionIdentifier(rawValue: 0x2222_0002), pan: RoundFixtures.pan,
                                      localAddress: 0x000A, peerAddress: 0x000C)
    /// This device (0x000A) answers 0x000D.
    static let answeringD = RangingLink(session: SessionIdentifier(rawValue: 0x3333_0003), pan: RoundFixtures.pan,
                                        localAddress: 0x000A, peerAddress: 0x000D)
    static let interval = Duration.milliseconds(100)
    /// The earliest and latest a round may start after the previous one: the interval ±5 %, the
    /// latest one nanosecond later for the scheduler's rounding up.
    static func jitterBounds(_ interval: Duration) -> ClosedRange<Duration> {
        interval...(interval + .nanoseconds(1))
    }

    /// When the first `count` rounds of `link` start on a fresh bench, each completed at once.
    static func roundStarts(of link: RangingLink, count: Int) throws -> [Duration] {
        let bench = SchedulerBench()
        bench.addInitiator(link, interval: interval)
        var starts: [Duration] = []
        for _ in 0..<count {
            let poll = try #require(try bench.runUntilSending())
            #expect(poll.message == .poll)
            starts.append(bench.timers.now)
            try bench.completeInitiatorRound(on: link)
        }
        #expect(bench.reports(for: link).completed.count == count)
        return starts
    }

    // MARK: Initiator rounds

    @Test("an initiator link's first round starts about one interval after it is added, with a POLL of its session")
    func firstRound() throws {
        let bench = SchedulerBench()
        bench.timers.advance(to: .seconds(3))
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        let poll = try #require(try bench.runUntilSending())
        #expect(Self.jitterBounds(Self.interval).contains(bench.timers.now - .seconds(3)), "started at \(bench.timers.now)")
        #expect(poll.message == .poll)
        #expect(poll.session == Self.towardsB.session)
        #expect(poll.source == Self.towardsB.localAddress && poll.destination == Self.towardsB.peerAddress)
    }

    @Test("rounds repeat every interval within ±5 %, the jitter varies, and every played round completes")
    func repeatingRounds() throws {
        let starts = try Self.roundStarts(of: Self.towardsB, count: 30)
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(Self.jitterBounds(Self.interval).contains(starts[0]), "first start \(starts[0])")
        for gap in gaps {
            #expect(Self.jitterBounds(Self.interval).contains(gap), "gap \(gap)")
        }
        #expect(Set(gaps).count > 1, "the intervals are jittered")
    }

    @Test("the jitter is the same for the same session and differs for another")
    func deterministicJitter() throws {
        let first = try Self.roundStarts(of: Self.towardsB, count: 10)
        let again = try Self.roundStarts(of: Self.towardsB, count: 10)
        var otherSession = Self.towardsB
        otherSession.session = SessionIdentifier(rawValue: 0x1111_0002)
        let other = try Self.roundStarts(of: otherSession, count: 10)
        #expect(first == again)
        #expect(first != other)
    }

    @Test("the receiver, listening between rounds, is turned off before the round's POLL is scheduled")
    func receiverOffBeforeRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        #expect(bench.radio.calls == [.enableReceiver(.untilTurnedOff)], "the idle radio listens")
        let mark = bench.mark
        _ = try #require(try bench.runUntilSending())
        let calls = bench.calls(since: mark)
        let transmit = try #require(calls.firstIndex { if case .transmit = $0 { true } else { false } })
        #expect(calls.prefix(transmit).contains(.turnOff))
        #expect(!calls.prefix(transmit).contains(.enableReceiver(.untilTurnedOff)))
    }

    @Test("while one initiator link's round holds the radio, another's due round waits until it completes")
    func dueRoundWaitsForCompletion() throws {
        let bench = SchedulerBench()
        let interval = Duration.milliseconds(20)
        bench.addInitiator(Self.towardsB, interval: interval)
        bench.addInitiator(Self.towardsC, interval: interval)
        // Both first rounds are due within 19…21 ms; the watchdog would free the radio only
        // 2 × longestRound after the first started.
        try #require(bench.timing.longestRound > .milliseconds(2))
        let first = try #require(try bench.runUntilSending())
        let (holder, waiting) = first.session == Self.towardsB.session
            ? (Self.towardsB, Self.towardsC) : (Self.towardsC, Self.towardsB)
        let mark = bench.mark
        bench.timers.advance(to: bench.timers.now + .milliseconds(3))
        #expect(try bench.sentFrames(since: mark).isEmpty, "the second link's round did not start")
        try bench.completeInitiatorRound(on: holder)
        let after = try bench.sentFrames(since: mark)
        #expect(after.last?.message == .poll && after.last?.session == waiting.session, "\(after)")
        #expect(bench.reports(for: holder).completed.count == 1)
    }

    @Test("while one initiator link retries, another's due round waits until it fails")
    func dueRoundWaitsForFailure() throws {
        let bench = SchedulerBench()
        let interval = Duration.milliseconds(20)
        bench.addInitiator(Self.towardsB, interval: interval)
        bench.addInitiator(Self.towardsC, interval: interval)
        try #require(bench.timing.longestRound > .milliseconds(2))
        let first = try #require(try bench.runUntilSending())
        let (holder, waiting) = first.session == Self.towardsB.session
            ? (Self.towardsB, Self.towardsC) : (Self.towardsC, Self.towardsB)
        bench.timers.advance(to: bench.timers.now + .milliseconds(3))
        for attempt in 1...(bench.timing.retries + 1) {
            bench.transmitted()
            let mark = bench.mark
            bench.scheduler.handle(.receiveTimeout, fromChip: 0)
            let next = try #require(try bench.runUntilSending(since: mark))
            if attempt <= bench.timing.retries {
                #expect(next.session == holder.session, "attempt \(attempt + 1) retries on the same link")
            } else {
                #expect(next.session == waiting.session && next.message == .poll, "the waiting link starts after the failure")
            }
        }
        #expect(bench.reports(for: holder).failures.map(\.kind) == [.timeout(awaiting: .response)])
        #expect(bench.radioFailures.isEmpty)
    }

    // MARK: Responder links

    @Test("a POLL for a responder link on an idle radio is answered with that link's RESPONSE")
    func pollRoutedToResponder() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        #expect(bench.radio.calls.last == .enableReceiver(.untilTurnedOff), "the responder listens")
        try bench.receive(Self.answeringD.peer.frame(round: 41, message: .poll), at: DeviceTime(wrapping: 5_000_000))
        let response = try bench.lastDelayedTransmission()
        #expect(response.frame == Self.answeringD.frame(round: 41, message: .response))
        #expect(response.at - DeviceTime(wrapping: 5_000_000) >= bench.timing.replyDelay, "RESPONSE goes out a reply delay after POLL")
    }

    @Test("a POLL of an unknown session is ignored and the radio listens again")
    func unknownSession() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        var stranger = Self.answeringD.peer
        stranger.session = SessionIdentifier(rawValue: 0x0BAD_0BAD)
        let mark = bench.mark
        try bench.receive(stranger.frame(round: 1, message: .poll), at: DeviceTime(wrapping: 5_000_000))
        #expect(bench.calls(since: mark) == [.enableReceiver(.untilTurnedOff)])
        #expect(bench.reports(for: Self.answeringD).completed.isEmpty && bench.reports(for: Self.answeringD).failures.isEmpty)
    }

    @Test("a responder's REPORT is not cut off: a due initiator round waits for its TX-done event")
    func reportNotCutOff() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.timers.advance(to: .milliseconds(50))
        try bench.playRoundUpToReport(on: Self.answeringD, round: 7, at: DeviceTime(wrapping: 9_000_000))
        let report = try bench.lastDelayedTransmission()
        #expect(report.frame.message.type == .report)
        #expect(bench.reports(for: Self.answeringD).completed.map(\.round) == [7])
        let mark = bench.mark
        bench.timers.advance(to: .milliseconds(200))
        #expect(bench.calls(since: mark).isEmpty, "nothing touches the radio before the REPORT is out")
        bench.transmitted(at: report.at)
        let calls = bench.calls(since: mark)
        #expect(calls.first == .turnOff, "REPORT's response window is closed first")
        #expect(try bench.sentFrames(since: mark).map(\.message) == [.poll])
    }

    // MARK: GOODBYE

    @Test("a GOODBYE from a link's peer calls that link's peerEnded, and no other's")
    func goodbyeFromPeer() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.addResponder(Self.answeringD)
        try bench.receive(Self.towardsB.peer.frame(round: 0, message: .goodbye), at: DeviceTime(wrapping: 1))
        #expect(bench.reports(for: Self.towardsB).peerEnded == 1)
        #expect(bench.reports(for: Self.answeringD).peerEnded == 0)
        var stranger = Self.towardsB.peer
        stranger.session = SessionIdentifier(rawValue: 0x0BAD_0BAD)
        try bench.receive(stranger.frame(round: 0, message: .goodbye), at: DeviceTime(wrapping: 2))
        #expect(bench.reports(for: Self.towardsB).peerEnded == 1, "another session's GOODBYE is not this link's")
    }

    @Test("remove(_:sayingGoodbye: true) sends the link's GOODBYE after turning the receiver off, then twice more (+3 ms, +7 ms)")
    func removeSayingGoodbye() throws {
        let bench = SchedulerBench()
        let id = bench.addInitiator(Self.towardsB, interval: Self.interval)
        let mark = bench.mark
        bench.scheduler.remove(id, sayingGoodbye: true)
        let calls = bench.calls(since: mark)
        let goodbye = try #require(calls.last)
        #expect(calls.dropLast().contains(.turnOff))
        guard case .transmitImmediately(let octets, _) = goodbye else {
            Issue.record("the last call is \(goodbye), not an immediate transmission")
            return
        }
        let frame = try RangingFrame(decoding: octets)
        #expect(frame == Self.towardsB.frame(round: 0, message: .goodbye))
        #expect(frame.message == .goodbye && frame.round == 0 && frame.session == Self.towardsB.session)
        #expect(frame.source == 0x000A && frame.destination == 0x000B && frame.pan == RoundFixtures.pan)
        bench.transmitted()
        #expect(RangingScheduler.goodbyeRepeats == [.milliseconds(3), .milliseconds(7)])
        for _ in RangingScheduler.goodbyeRepeats {
            bench.timers.advance(by: .milliseconds(4))
            bench.transmitted()
        }
        bench.timers.advance(by: .seconds(1))
        #expect(try bench.sentFrames(since: mark) == Array(repeating: frame, count: 3),
                "three GOODBYEs and no more rounds of the removed link")
    }

    @Test("remove(_:sayingGoodbye: false) sends nothing")
    func removeQuietly() throws {
        let bench = SchedulerBench()
        let id = bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.scheduler.remove(id, sayingGoodbye: false)
        bench.timers.advance(by: .seconds(1))
        #expect(try bench.sentFrames().isEmpty)
    }

    @Test("a GOODBYE waits for the radio: it goes out when another link's round completes")
    func goodbyeWaitsForRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        let leaving = bench.addInitiator(Self.towardsC, interval: Self.interval * 10)
        let poll = try #require(try bench.runUntilSending())
        #expect(poll.session == Self.towardsB.session)
        let mark = bench.mark
        bench.scheduler.remove(leaving, sayingGoodbye: true)
        #expect(try bench.sentFrames(since: mark).isEmpty, "the round holds the radio")
        try bench.completeInitiatorRound(on: Self.towardsB)
        let sent = try bench.sentFrames(since: mark)
        #expect(sent.map(\.message.type) == [.final, .goodbye])
        #expect(sent.last == Self.towardsC.frame(round: 0, message: .goodbye))
    }

    @Test("sayGoodbye(on:) sends a GOODBYE for a link the scheduler does not hold once the radio is free, and repeats it later")
    func sayGoodbye() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        try bench.playRoundUpToReport(on: Self.answeringD, round: 3, at: DeviceTime(wrapping: 9_000_000))
        let mark = bench.mark
        bench.scheduler.sayGoodbye(on: Self.towardsC)
        #expect(bench.calls(since: mark).isEmpty, "the REPORT is still going out")
        bench.transmitted()
        let sent = try bench.sentFrames(since: mark)
        #expect(sent == [Self.towardsC.frame(round: 0, message: .goodbye)])
        bench.transmitted()
        #expect(try bench.sentFrames(since: mark).count == 1, "the repeats wait for their time")
        bench.timers.advance(by: .milliseconds(3))
        #expect(try bench.sentFrames(since: mark).count == 2)
    }

    // MARK: Radio errors

    @Test("a lost radio is reported once through onRadioFailure and the scheduler does nothing afterwards")
    func fatalRadioError() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.addResponder(Self.answeringD)
        let lost = TransceiverError.bus(.disconnected("unplugged"))
        bench.radio.operationError = lost
        var stranger = Self.answeringD.peer
        stranger.session = SessionIdentifier(rawValue: 0x0BAD_0BAD)
        try bench.receive(stranger.frame(round: 1, message: .poll), at: DeviceTime(wrapping: 1))
        #expect(bench.radioFailures == [lost])
        #expect(bench.scheduler.hasFailed)
        let callsAtFailure = try #require(bench.callsAtFailure)
        bench.timers.advance(by: .seconds(2))
        try bench.receive(Self.answeringD.peer.frame(round: 2, message: .poll), at: DeviceTime(wrapping: 2))
        bench.transmitted()
        bench.scheduler.sayGoodbye(on: Self.towardsC)
        #expect(bench.radioFailures == [lost], "reported once")
        #expect(bench.radio.calls.count == callsAtFailure, "no radio operation after the failure: \(bench.calls(since: callsAtFailure))")
        #expect(bench.reports(for: Self.towardsB).completed.isEmpty && bench.reports(for: Self.answeringD).completed.isEmpty)
    }

    @Test("a radio lost as a round is about to start is reported once and nothing more is tried")
    func fatalErrorAtRoundStart() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.radio.operationError = .bus(.disconnected("unplugged"))
        bench.timers.advance(by: .seconds(2))
        #expect(bench.radioFailures == [.bus(.disconnected("unplugged"))])
        let callsAtFailure = try #require(bench.callsAtFailure)
        #expect(bench.radio.calls.count == callsAtFailure, "tried after the failure: \(bench.calls(since: callsAtFailure))")
    }

    @Test("a late transmission only ends that round: no radio failure, and the next round runs")
    func lateTransmission() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.radio.transmitError = .lateTransmission(scheduled: .zero)
        _ = try #require(try bench.runUntilSending())
        bench.timers.advance(by: bench.timing.retryDelay * bench.timing.retries)
        #expect(bench.reports(for: Self.towardsB).failures.map(\.kind) == [.lateTransmission(.poll)])
        #expect(bench.radioFailures.isEmpty && !bench.scheduler.hasFailed)
        bench.radio.transmitError = nil
        let next = try #require(try bench.runUntilSending())
        #expect(next.message == .poll)
        try bench.completeInitiatorRound(on: Self.towardsB)
        #expect(bench.reports(for: Self.towardsB).completed.count == 1)
    }

    @Test("the watchdog frees the radio 2 × longestRound after a round that never ends started")
    func watchdog() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        _ = try #require(try bench.runUntilSending())
        let started = bench.timers.now
        let limit = bench.timing.longestRound * 2
        try #require(limit < Self.interval, "the watchdog comes before the next round")
        let mark = bench.mark
        bench.timers.advance(to: started + limit - .nanoseconds(1))
        #expect(bench.calls(since: mark).isEmpty, "the round still holds the radio")
        bench.timers.advance(to: started + limit)
        #expect(bench.calls(since: mark) == [.enableReceiver(.untilTurnedOff)], "the free radio listens")
        let next = try #require(try bench.runUntilSending())
        #expect(next.message == .poll && next.round == 1)
    }
}
