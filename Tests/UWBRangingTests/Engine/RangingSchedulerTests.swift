import Testing
import UWBCore
import UWBRanging

/// ``RangingScheduler`` on a ``SchedulerBench``: initiator links served together by group rounds,
/// responder links answering two-party and group POLLs, the air shared with other devices, GOODBYE
/// and radio errors. Everything runs on the bench's virtual clock.
@Suite("RangingScheduler: one radio shared by several links, the air by several devices")
struct RangingSchedulerTests {
    typealias H = HandTiming

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
    /// A round that starts at its due time may start up to a nanosecond later: the scheduler's
    /// timers round up to whole nanoseconds.
    static let rounding = Duration.nanoseconds(1)

    /// One backoff slot, from the documented formula: the start delay, the airtime of the longest
    /// group POLL (secured, 9 entries: 117 octets) after its RMARKER, and the listening margin.
    static var backoffSlot: Duration {
        let timing = RoundFixtures.timing
        return timing.startDelay.duration + RadioConfig.ranging.airtime(frameLength: 117)
            - RadioConfig.ranging.synchronisationHeaderDuration + timing.listenMargin.duration
    }

    /// The group POLL this device sends for `links` in round `round`.
    static func groupPoll(_ links: [RangingLink], round: UInt16) -> RangingFrame {
        RangingFrame(session: RangingFrameFormat.groupSession, round: round, source: 0x000A,
                     destination: RangingFrameFormat.broadcastAddress, pan: RoundFixtures.pan,
                     message: .groupPoll(entries: links.map { GroupPollEntry(session: $0.session, responder: $0.peerAddress) }))
    }

    /// A group POLL of another device, 0x0050, naming `count` responders that are not this device.
    static func foreignGroupPoll(count: Int) -> RangingFrame {
        RangingFrame(session: RangingFrameFormat.groupSession, round: 5, source: 0x0050,
                     destination: RangingFrameFormat.broadcastAddress, pan: RoundFixtures.pan,
                     message: .groupPoll(entries: (0..<count).map {
                         GroupPollEntry(session: SessionIdentifier(rawValue: 0x5000_0000 + UInt32($0)), responder: 0x0060 + UInt16($0))
                     }))
    }

    /// How long after the end of `frame` (heard as a reception event at the frame's end) its round
    /// holds the air: from its RMARKER `afterRMARKER`, less the frame's airtime after its RMARKER.
    static func reservation(after frame: RangingFrame, afterRMARKER: DeviceDuration) throws -> Duration {
        let airtime = RadioConfig.ranging.airtime(frameLength: try frame.encoded().count + 2)
        return afterRMARKER.duration - (airtime - RadioConfig.ranging.synchronisationHeaderDuration)
    }

    /// How many backoff slots `span` is, as a fraction.
    static func slots(_ span: Duration) -> Double {
        span / backoffSlot
    }

    /// The loop times at which the first `count` rounds of `links` start on a fresh bench, each
    /// played with every responder answering; every played round completes for every link.
    static func roundStarts(of links: [RangingLink], count: Int) throws -> [Duration] {
        let bench = SchedulerBench()
        for link in links {
            bench.addInitiator(link, interval: interval)
        }
        var starts: [Duration] = []
        for round in 0..<count {
            let poll = try #require(try bench.runUntilSending())
            #expect(poll == groupPoll(links, round: UInt16(round)))
            starts.append(bench.timers.now)
            try bench.playGroupRound()
        }
        for link in links {
            #expect(bench.reports(for: link).completed.map(\.round) == (0..<count).map { UInt16($0) })
            #expect(bench.reports(for: link).failures.isEmpty)
        }
        return starts
    }

    // MARK: Initiator rounds

    @Test("an initiator link's first round starts one interval after it is added, with a group POLL naming its session and peer")
    func firstRound() throws {
        let bench = SchedulerBench()
        bench.timers.advance(to: .seconds(3))
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        let poll = try #require(try bench.runUntilSending())
        let waited = bench.timers.now - .seconds(3)
        #expect(waited >= Self.interval && waited <= Self.interval + Self.rounding, "started after \(waited)")
        #expect(poll == Self.groupPoll([Self.towardsB], round: 0))
    }

    @Test("rounds repeat every interval on a free air, and every played round completes")
    func repeatingRounds() throws {
        let starts = try Self.roundStarts(of: [Self.towardsB], count: 10)
        #expect(starts[0] >= Self.interval && starts[0] <= Self.interval + Self.rounding)
        for (later, earlier) in zip(starts.dropFirst(), starts) {
            let gap = later - earlier
            #expect(gap >= Self.interval && gap <= Self.interval + Self.rounding, "gap \(gap)")
        }
    }

    @Test("a completed round carries the stamps of the played round")
    func completedRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        _ = try #require(try bench.runUntilSending())
        let played = try bench.playGroupRound()
        let round = try #require(bench.reports(for: Self.towardsB).completed.first)
        let finalTransmitted = try #require(played.finalTransmitted)
        #expect(round.session == Self.towardsB.session && round.peer == 0x000B && round.role == .initiator)
        #expect(round.timestamps.pollTransmitted == played.pollTransmitted)
        #expect(round.timestamps.finalTransmitted == finalTransmitted)
        #expect(round.timestamps.responseReceived == played.pollTransmitted + bench.timing.replyDelay, "slot 0 of 1")
        #expect(doubleSidedTicks(round) == 0, "the bench's responders have no flight time")
    }

    @Test("the receiver, listening between rounds, is turned off before the round's group POLL is scheduled")
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
        #expect(try bench.lastDelayedTransmission().frame.message.type == .groupPoll)
    }

    @Test("two initiator links with the same interval share one group POLL with two entries, and one FINAL")
    func sharedRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.addInitiator(Self.towardsC, interval: Self.interval)
        let mark = bench.mark
        let poll = try #require(try bench.runUntilSending())
        #expect(poll == Self.groupPoll([Self.towardsB, Self.towardsC], round: 0))
        let first = bench.timers.now
        let played = try bench.playGroupRound()
        let final = try #require(played.final)
        guard case .groupFinal(_, _, let responses) = final.message else {
            Issue.record("not a group FINAL: \(final)")
            return
        }
        #expect(responses.count == 2 && !responses.contains(nil))
        #expect(try bench.sentFrames(since: mark).map(\.message.type) == [.groupPoll, .groupFinal], "one POLL and one FINAL for both")
        #expect(bench.reports(for: Self.towardsB).completed.map(\.round) == [0])
        #expect(bench.reports(for: Self.towardsC).completed.map(\.round) == [0])
        // The next round serves both again, one interval later.
        let next = try #require(try bench.runUntilSending())
        #expect(next == Self.groupPoll([Self.towardsB, Self.towardsC], round: 1))
        #expect(bench.timers.now - first >= Self.interval && bench.timers.now - first <= Self.interval + Self.rounding)
    }

    @Test("a link due within a quarter of its interval joins the round; one due later gets its own")
    func quarterInterval() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.timers.advance(to: .milliseconds(10))
        bench.addInitiator(Self.towardsC, interval: Self.interval)
        var towardsE = Self.towardsC
        towardsE.session = SessionIdentifier(rawValue: 0x5555_0005)
        towardsE.peerAddress = 0x000E
        bench.timers.advance(to: .milliseconds(30))
        bench.addInitiator(towardsE, interval: Self.interval)
        // At 100 ms B is due and C (due at 110 ms) is within 25 ms; E (due at 130 ms) is not.
        let poll = try #require(try bench.runUntilSending())
        #expect(poll == Self.groupPoll([Self.towardsB, Self.towardsC], round: 0))
        #expect(bench.timers.now >= .milliseconds(100) && bench.timers.now <= .milliseconds(100) + Self.rounding)
        try bench.playGroupRound()
        let own = try #require(try bench.runUntilSending())
        #expect(own == Self.groupPoll([towardsE], round: 1))
        #expect(bench.timers.now >= .milliseconds(130) && bench.timers.now <= .milliseconds(130) + Self.rounding)
        try bench.playGroupRound()
        // C's next round is due one interval after the round that served it: with B's, at 200 ms.
        let third = try #require(try bench.runUntilSending())
        #expect(third == Self.groupPoll([Self.towardsB, Self.towardsC], round: 2))
        #expect(bench.timers.now >= .milliseconds(200) && bench.timers.now <= .milliseconds(200) + Self.rounding)
    }

    @Test("a responder that does not answer fails only its own link; the round completes for the other")
    func silentResponder() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.addInitiator(Self.towardsC, interval: Self.interval)
        _ = try #require(try bench.runUntilSending())
        let start = bench.timers.now
        try bench.playGroupRound(answering: [Self.towardsB])
        #expect(bench.reports(for: Self.towardsB).completed.count == 1 && bench.reports(for: Self.towardsB).failures.isEmpty)
        #expect(bench.reports(for: Self.towardsC).completed.isEmpty)
        #expect(bench.reports(for: Self.towardsC).failures == [
            RangingFailure(kind: .timeout(awaiting: .response), round: 0, role: .initiator, attempts: 1, session: Self.towardsC.session),
        ])
        #expect(bench.radio.calls.last == .enableReceiver(.untilTurnedOff), "the free radio listens")
        // The round was answered: the next one keeps its place.
        _ = try #require(try bench.runUntilSending())
        #expect(bench.timers.now - start >= Self.interval && bench.timers.now - start <= Self.interval + Self.rounding)
    }

    @Test("a missing REPORT fails that link with timeout(awaiting: .report); the others complete")
    func missingReport() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.addInitiator(Self.towardsC, interval: Self.interval)
        _ = try #require(try bench.runUntilSending())
        try bench.playGroupRound(reporting: [Self.towardsB])
        #expect(bench.reports(for: Self.towardsB).completed.count == 1)
        #expect(bench.reports(for: Self.towardsC).failures.map(\.kind) == [.timeout(awaiting: .report)])
        #expect(bench.reports(for: Self.towardsC).failures.map(\.session) == [Self.towardsC.session])
        _ = try #require(try bench.runUntilSending())
        #expect(try bench.lastDelayedTransmission().frame == Self.groupPoll([Self.towardsB, Self.towardsC], round: 1))
    }

    @Test("a link due while this device's own group round holds the radio waits for that round to end")
    func dueRoundWaitsForOwnRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        // C comes due at 100.5 ms, during B's round and beyond a quarter of its 1.6 ms interval.
        bench.timers.advance(to: .microseconds(98_900))
        bench.addInitiator(Self.towardsC, interval: .microseconds(1_600))
        let first = try #require(try bench.runUntilSending())
        #expect(first == Self.groupPoll([Self.towardsB], round: 0))
        let mark = bench.mark
        let played = try bench.playGroupRound()
        #expect(played.final != nil)
        let roundEnd = bench.timers.now
        #expect(roundEnd > .microseconds(100_500), "C came due during B's round")
        let second = try #require(try bench.runUntilSending(since: mark) { $0.message.type == .groupPoll })
        #expect(second == Self.groupPoll([Self.towardsC], round: 1))
        #expect(try bench.sentFrames(since: mark).first?.message.type == .groupFinal, "nothing else while B's round ran")
        #expect(bench.timers.now >= roundEnd)
        let reservationEnd = Duration.milliseconds(100) + bench.timing.startDelay.duration
            + GroupRoundSchedule(responders: 1, timing: bench.timing).endAfterPoll.duration
        let waited = Self.slots(bench.timers.now - reservationEnd)
        #expect(waited > -0.001 && waited < 64, "\(waited) backoff slots after the own reservation")
    }

    @Test("ten links due together: the first round serves nine, the tenth follows after it")
    func largestGroup() throws {
        let bench = SchedulerBench()
        #expect(bench.scheduler.maximumGroupSize == 9)
        let links = (0..<10).map {
            RangingLink(session: SessionIdentifier(rawValue: 0x7000_0000 + UInt32($0)), pan: RoundFixtures.pan,
                        localAddress: 0x000A, peerAddress: 0x0100 + UInt16($0))
        }
        for link in links {
            bench.addInitiator(link, interval: Self.interval)
        }
        let first = try #require(try bench.runUntilSending())
        #expect(first == Self.groupPoll(Array(links.prefix(9)), round: 0))
        let start = bench.timers.now
        let mark = bench.mark
        try bench.playGroupRound()
        #expect(links.prefix(9).allSatisfy { bench.reports(for: $0).completed.count == 1 })
        let second = try #require(try bench.runUntilSending(since: mark) { $0.message.type == .groupPoll })
        #expect(second == Self.groupPoll([links[9]], round: 1))
        let reservationEnd = start + bench.timing.startDelay.duration
            + GroupRoundSchedule(responders: 9, timing: bench.timing).endAfterPoll.duration
        let waited = Self.slots(bench.timers.now - reservationEnd)
        #expect(waited > -0.001 && waited < 64, "\(waited) backoff slots after the first round's reservation")
    }

    // MARK: Sharing the air

    @Test("a round due while another device's group POLL reserves the air starts after that round's end, within the 64-slot backoff window")
    func waitsForForeignGroupRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.timers.advance(to: .microseconds(99_900))
        let foreign = Self.foreignGroupPoll(count: 4)
        let heard = bench.timers.now
        let mark = bench.mark
        try bench.receive(foreign, at: DeviceTime(wrapping: 3_000_000))
        #expect(bench.calls(since: mark) == [.enableReceiver(.untilTurnedOff)], "another device's round is not answered")
        let schedule = GroupRoundSchedule(responders: 4, timing: bench.timing)
        let end = heard + (try Self.reservation(after: foreign, afterRMARKER: schedule.endAfterPoll))
        #expect(end > .milliseconds(100), "the foreign round still holds the air when B is due")
        let poll = try #require(try bench.runUntilSending())
        #expect(poll.message.type == .groupPoll)
        let waited = Self.slots(bench.timers.now - end)
        #expect(waited > -0.001 && waited < 64, "started \(waited) backoff slots after the foreign round's end")
        #expect(abs(waited - waited.rounded()) < 0.001, "a whole number of backoff slots: \(waited)")
    }

    @Test("a two-party POLL between other devices reserves the air for three reply delays and a REPORT")
    func waitsForForeignTwoPartyRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.timers.advance(to: .microseconds(99_800))
        let foreign = RangingFrame(session: SessionIdentifier(rawValue: 0x0BAD_0BAD), round: 1, source: 0x0051, destination: 0x0052,
                                   pan: RoundFixtures.pan, message: .poll)
        let heard = bench.timers.now
        try bench.receive(foreign, at: DeviceTime(wrapping: 3_000_000))
        let afterPoll = bench.timing.replyDelay * 3 + H.airtime(octets: 39) - H.header
        let end = heard + (try Self.reservation(after: foreign, afterRMARKER: afterPoll))
        #expect(end > .milliseconds(100))
        _ = try #require(try bench.runUntilSending())
        let waited = Self.slots(bench.timers.now - end)
        #expect(waited > -0.001 && waited < 64, "started \(waited) backoff slots after the foreign round's end")
    }

    @Test("a foreign frame heard long before the round is due does not delay it")
    func oldReservation() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.timers.advance(to: .milliseconds(50))
        try bench.receive(Self.foreignGroupPoll(count: 9), at: DeviceTime(wrapping: 3_000_000))
        _ = try #require(try bench.runUntilSending())
        #expect(bench.timers.now >= Self.interval && bench.timers.now <= Self.interval + Self.rounding)
    }

    @Test("a round nobody answered makes the next one start later than one interval, by a backoff of up to 31 slots")
    func unansweredRoundBacksOff() throws {
        var delays: [Double] = []
        for session in UInt32(0x1111_0001)...0x1111_0008 {
            var link = Self.towardsB
            link.session = SessionIdentifier(rawValue: session)
            let bench = SchedulerBench()
            bench.addInitiator(link, interval: Self.interval)
            _ = try #require(try bench.runUntilSending())
            let first = bench.timers.now
            let played = try bench.playGroupRound(answering: [])
            #expect(played.final == nil, "no FINAL when nobody answered")
            #expect(bench.reports(for: link).failures.map(\.kind) == [.timeout(awaiting: .response)])
            _ = try #require(try bench.runUntilSending())
            let second = bench.timers.now
            let waited = Self.slots(second - first - Self.interval)
            #expect(waited > -0.001 && waited < 64, "\(waited) backoff slots")
            #expect(abs(waited - waited.rounded()) < 0.001, "a whole number of backoff slots: \(waited)")
            delays.append(waited)
            // Answered, the round after keeps its place again.
            try bench.playGroupRound()
            _ = try #require(try bench.runUntilSending())
            #expect(bench.timers.now - second >= Self.interval && bench.timers.now - second <= Self.interval + Self.rounding)
        }
        #expect(delays.filter { $0 > 0.5 }.count >= 6, "most backoffs after a collision are not zero: \(delays)")
        // towardsB's own seed draws a backoff.
        #expect(delays[0] > 0.5, "towardsB's round starts later than one interval: \(delays[0]) slots")
    }

    // MARK: Responder links

    @Test("a POLL for a responder link on an idle radio is answered with that link's RESPONSE a reply delay later")
    func pollRoutedToResponder() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        #expect(bench.radio.calls.last == .enableReceiver(.untilTurnedOff), "the responder listens")
        let pollRx = DeviceTime(wrapping: 5_000_000)
        try bench.receive(Self.answeringD.peer.frame(round: 41, message: .poll), at: pollRx)
        let response = try bench.lastDelayedTransmission()
        #expect(response.frame == Self.answeringD.frame(round: 41, message: .response))
        #expect(response.at == H.grid(pollRx + bench.timing.replyDelay))
    }

    @Test("a group POLL naming a responder link in slot 1 is answered in that slot; its group FINAL completes the round")
    func groupPollRoutedToResponder() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        let pollRx = DeviceTime(wrapping: 5_000_000)
        let poll = RangingFrame(
            session: RangingFrameFormat.groupSession, round: 41, source: 0x000D, destination: RangingFrameFormat.broadcastAddress,
            pan: RoundFixtures.pan, message: .groupPoll(entries: [
                GroupPollEntry(session: SessionIdentifier(rawValue: 0x4444_0004), responder: 0x0077),
                GroupPollEntry(session: Self.answeringD.session, responder: 0x000A),
            ]))
        try bench.receive(poll, at: pollRx)
        let response = try bench.lastDelayedTransmission()
        #expect(response.frame == Self.answeringD.frame(round: 41, message: .response))
        // Two responders: POLL's gap is the reply delay, then one slot.
        #expect(response.at == H.grid(pollRx + bench.timing.replyDelay + H.slot))
        let responseTx = response.at + RoundFixtures.clock.antennaDelay
        bench.transmitted(at: responseTx)
        // FINAL follows the last slot's RESPONSE (this one) by a reply delay.
        let finalRx = responseTx + bench.timing.replyDelay
        var final = poll
        final.message = .groupFinal(pollTransmitted: DeviceTime(wrapping: 70_000_000), finalTransmitted: DeviceTime(wrapping: 70_100_000),
                                    responsesReceived: [nil, DeviceTime(wrapping: 70_050_000)])
        try bench.receive(final, at: finalRx)
        let report = try bench.lastDelayedTransmission()
        #expect(report.frame.message.type == .report && report.frame.session == Self.answeringD.session)
        let reportGap = GroupRoundSchedule(responders: 2, timing: bench.timing).reportGap
        #expect(report.at == H.grid(finalRx + reportGap + H.slot), "REPORT in slot 1")
        #expect(bench.reports(for: Self.answeringD).completed.map(\.round) == [41])
        let round = try #require(bench.reports(for: Self.answeringD).completed.first)
        #expect(round.timestamps.responseReceived == DeviceTime(wrapping: 70_050_000))
        #expect(round.timestamps.pollReceived == pollRx && round.timestamps.finalReceived == finalRx)
        let mark = bench.mark
        bench.transmitted(at: report.at + RoundFixtures.clock.antennaDelay)
        #expect(bench.calls(since: mark).last == .enableReceiver(.untilTurnedOff), "listening again once REPORT is out")
    }

    @Test("a group POLL that names none of this device's links is not answered")
    func groupPollForOthers() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        let mark = bench.mark
        // D's own session, but another responder address; and the other device's group round.
        var notUs = Self.foreignGroupPoll(count: 2)
        notUs.message = .groupPoll(entries: [GroupPollEntry(session: Self.answeringD.session, responder: 0x0099)])
        try bench.receive(notUs, at: DeviceTime(wrapping: 5_000_000))
        try bench.receive(Self.foreignGroupPoll(count: 3), at: DeviceTime(wrapping: 6_000_000))
        #expect(try bench.sentFrames(since: mark).isEmpty)
        #expect(bench.calls(since: mark).allSatisfy { $0 == .enableReceiver(.untilTurnedOff) })
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
        #expect(try bench.sentFrames(since: mark) == [Self.groupPoll([Self.towardsB], round: 0)])
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
        try bench.receive(Self.answeringD.peer.frame(round: 0, message: .goodbye), at: DeviceTime(wrapping: 3))
        #expect(bench.reports(for: Self.answeringD).peerEnded == 1)
    }

    @Test("remove(_:sayingGoodbye: true) sends the link's GOODBYE once the air is free, after turning the receiver off, then at +3 ms and +7 ms")
    func removeSayingGoodbye() throws {
        let bench = SchedulerBench()
        let id = bench.addInitiator(Self.towardsB, interval: Self.interval)
        let mark = bench.mark
        bench.scheduler.remove(id, sayingGoodbye: true)
        #expect(try bench.sentFrames(since: mark).isEmpty, "the air counts as taken for a quiet gap after the scheduler began listening")
        let goodbye = try #require(try bench.runUntilSending(since: mark))
        #expect(bench.timers.now > .zero && bench.timers.now < .milliseconds(1), "sent after the quiet gap, at \(bench.timers.now)")
        let calls = bench.calls(since: mark)
        guard case .transmitImmediately(let octets, let window) = calls.last else {
            Issue.record("the last call is \(String(describing: calls.last)), not an immediate transmission")
            return
        }
        #expect(window == nil)
        #expect(calls.dropLast().contains(.turnOff))
        #expect(goodbye == Self.towardsB.frame(round: 0, message: .goodbye))
        #expect(try RangingFrame(decoding: octets) == goodbye)
        #expect(goodbye.source == 0x000A && goodbye.destination == 0x000B && goodbye.pan == RoundFixtures.pan && goodbye.round == 0)
        bench.transmitted()
        #expect(RangingScheduler.goodbyeRepeats == [.milliseconds(3), .milliseconds(7)])
        bench.timers.advance(to: .milliseconds(3) - .nanoseconds(1))
        #expect(try bench.sentFrames(since: mark).count == 1)
        bench.timers.advance(to: .milliseconds(3))
        #expect(try bench.sentFrames(since: mark).count == 2)
        bench.transmitted()
        bench.timers.advance(to: .milliseconds(7))
        #expect(try bench.sentFrames(since: mark).count == 3)
        bench.transmitted()
        bench.timers.advance(by: .seconds(1))
        #expect(try bench.sentFrames(since: mark) == Array(repeating: goodbye, count: 3),
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

    @Test("a GOODBYE waits for the radio: it goes out when the group round serving another link has ended")
    func goodbyeWaitsForRound() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        let leaving = bench.addInitiator(Self.towardsC, interval: Self.interval * 10)
        let poll = try #require(try bench.runUntilSending())
        #expect(poll == Self.groupPoll([Self.towardsB], round: 0))
        let mark = bench.mark
        bench.scheduler.remove(leaving, sayingGoodbye: true)
        #expect(try bench.sentFrames(since: mark).isEmpty, "the round holds the radio")
        try bench.playGroupRound()
        #expect(try bench.sentFrames(since: mark).map(\.message.type) == [.groupFinal],
                "after its round the device heard nobody for a while: the air counts as taken for a quiet gap")
        // The quiet gap: 273 µs reply delay + 79 µs for a full secured group FINAL + 30 µs margin.
        bench.timers.advance(by: .microseconds(383))
        let sent = try bench.sentFrames(since: mark)
        #expect(sent.map(\.message.type) == [.groupFinal, .goodbye])
        #expect(sent.last == Self.towardsC.frame(round: 0, message: .goodbye))
        #expect(bench.reports(for: Self.towardsB).completed.count == 1)
    }

    @Test("a GOODBYE waits for the air another device's round reserves")
    func goodbyeWaitsForAir() throws {
        let bench = SchedulerBench()
        let id = bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.timers.advance(to: .milliseconds(10))
        let foreign = Self.foreignGroupPoll(count: 8)
        try bench.receive(foreign, at: DeviceTime(wrapping: 3_000_000))
        let end = Duration.milliseconds(10)
            + (try Self.reservation(after: foreign, afterRMARKER: GroupRoundSchedule(responders: 8, timing: bench.timing).endAfterPoll))
        let mark = bench.mark
        bench.scheduler.remove(id, sayingGoodbye: true)
        let goodbye = try #require(try bench.runUntilSending(since: mark))
        #expect(goodbye.message == .goodbye)
        #expect(bench.timers.now >= end && bench.timers.now <= end + Self.rounding, "sent at \(bench.timers.now), the air free at \(end)")
    }

    @Test("sayGoodbye(on:) sends a GOODBYE for a link the scheduler does not hold once the radio is free, and repeats it later")
    func sayGoodbye() throws {
        let bench = SchedulerBench()
        bench.addResponder(Self.answeringD)
        bench.timers.advance(to: .milliseconds(10))
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
        bench.timers.advance(to: .seconds(2))
        #expect(bench.radioFailures == [.bus(.disconnected("unplugged"))])
        let callsAtFailure = try #require(bench.callsAtFailure)
        #expect(bench.radio.calls.count == callsAtFailure, "tried after the failure: \(bench.calls(since: callsAtFailure))")
    }

    @Test("a late transmission only ends that round: no radio failure, and the next round runs")
    func lateTransmission() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        bench.addInitiator(Self.towardsC, interval: Self.interval)
        bench.radio.transmitError = .lateTransmission(scheduled: .zero)
        _ = try #require(try bench.runUntilSending())
        let start = bench.timers.now
        for link in [Self.towardsB, Self.towardsC] {
            #expect(bench.reports(for: link).failures == [
                RangingFailure(kind: .lateTransmission(.groupPoll), round: 0, role: .initiator, attempts: 1, session: link.session),
            ])
        }
        #expect(bench.radioFailures.isEmpty && !bench.scheduler.hasFailed)
        #expect(bench.radio.calls.last == .enableReceiver(.untilTurnedOff), "the free radio listens")
        bench.radio.transmitError = nil
        let next = try #require(try bench.runUntilSending())
        #expect(next == Self.groupPoll([Self.towardsB, Self.towardsC], round: 1))
        #expect(bench.timers.now - start >= Self.interval && bench.timers.now - start <= Self.interval + Self.rounding)
        try bench.playGroupRound()
        #expect(bench.reports(for: Self.towardsB).completed.count == 1 && bench.reports(for: Self.towardsC).completed.count == 1)
    }

    @Test("the watchdog frees the radio four times the longer of the round's reservation and the longest two-party round after a round that never ends started")
    func watchdog() throws {
        let bench = SchedulerBench()
        bench.addInitiator(Self.towardsB, interval: Self.interval)
        _ = try #require(try bench.runUntilSending())
        let started = bench.timers.now
        let holds = bench.timing.startDelay.duration + GroupRoundSchedule(responders: 1, timing: bench.timing).endAfterPoll.duration
            + bench.timing.listenMargin.duration
        // Four times the longer of the round's reservation and the longest two-party round.
        let limit = max(holds, bench.timing.longestRound) * 4
        try #require(limit < Self.interval, "the watchdog comes before the next round")
        let mark = bench.mark
        bench.timers.advance(to: started + limit - Self.rounding)
        #expect(bench.calls(since: mark).isEmpty, "the round still holds the radio")
        bench.timers.advance(to: started + limit + Self.rounding)
        #expect(bench.calls(since: mark) == [.enableReceiver(.untilTurnedOff)], "the free radio listens")
        let next = try #require(try bench.runUntilSending())
        #expect(next == Self.groupPoll([Self.towardsB], round: 1))
        // Only then does the link hear of the round the watchdog ended: abandoned.
        #expect(bench.reports(for: Self.towardsB).failures.map(\.kind) == [.abandoned])
        #expect(bench.reports(for: Self.towardsB).failures.map(\.round) == [0])
        // That outcome is not the next round's: the next round keeps the radio and completes.
        let roundMark = bench.mark
        try bench.playGroupRound()
        let calls = bench.calls(since: roundMark)
        let final = calls.firstIndex { if case .transmit = $0 { true } else { false } } ?? calls.count
        #expect(!calls.prefix(final).contains(.enableReceiver(.untilTurnedOff)), "the round's response window is left alone")
        #expect(bench.reports(for: Self.towardsB).completed.map(\.round) == [1])
    }
}
