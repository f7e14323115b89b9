import Testing
import UWBCore
import UWBRanging

/// A group round played by hand against a ``GroupInitiator`` of two or three links: the six
/// timestamps of each slot, built so that DS-TWR gives back each responder's flight time exactly,
/// and the commands the machine should answer with, computed from the documented formulas.
///
/// The gaps after the group POLL and the group FINAL grow with the group and are taken from
/// ``GroupRoundSchedule`` (``GroupRoundScheduleTests`` checks them against the airtimes). The
/// links are plain: the machine sizes every window for secured frames, which plain ones never
/// outlast, so an awaited RESPONSE or REPORT is counted at its secured length.
final class GroupRoundPlay {
    typealias F = RoundFixtures
    typealias H = HandTiming

    /// This device's address in every link.
    static let local: UInt16 = 0x0001
    /// Three links of this device, each in its own session with its own peer.
    static let allLinks = [
        RangingLink(session: SessionIdentifier(rawValue: 0x1000_0001), pan: F.pan, localAddress: local, peerAddress: 0x0011),
        RangingLink(session: SessionIdentifier(rawValue: 0x1000_0002), pan: F.pan, localAddress: local, peerAddress: 0x0012),
        RangingLink(session: SessionIdentifier(rawValue: 0x1000_0003), pan: F.pan, localAddress: local, peerAddress: 0x0013),
    ]

    let machine: GroupInitiator
    let links: [RangingLink]
    let round: UInt16
    /// Each slot's one-way flight time, in ticks.
    let flights: [Int64] = [100, 2_131, 37]
    /// Each responder's clock minus the initiator's, in ticks.
    let offsets: [Int64] = [123_456_789, -987_654, 5_000_000_000]
    /// POLL's TX stamp, once the round started.
    private(set) var pollTransmitted = DeviceTime.zero

    /// A machine serving the first `count` of ``allLinks``, whose first round is `round`.
    init(links count: Int = 3, receivers: Int = 1, round: UInt16 = 7) {
        machine = GroupInitiator(timing: F.timing, transmitClock: F.clock, receivers: receivers, firstRound: round)
        links = Array(Self.allLinks.prefix(count))
        machine.links = links
        self.round = round
    }

    var count: Int { links.count }
    var replyDelay: DeviceDuration { F.timing.replyDelay }
    var margin: DeviceDuration { F.timing.listenMargin }

    // MARK: The schedule by hand

    /// POLL to slot `slot`'s RESPONSE: the POLL's gap, then one slot per earlier slot.
    func responseOffset(_ slot: Int) -> DeviceDuration {
        GroupRoundSchedule(responders: count, timing: F.timing).pollGap + H.slot * Int64(slot)
    }

    /// POLL to FINAL: the last slot's RESPONSE plus a reply delay.
    var finalOffset: DeviceDuration {
        responseOffset(count - 1) + replyDelay
    }

    /// FINAL to slot `slot`'s REPORT.
    func reportOffset(_ slot: Int) -> DeviceDuration {
        GroupRoundSchedule(responders: count, timing: F.timing).reportGap + H.slot * Int64(slot)
    }

    /// When the RESPONSE window closes: the last slot's RESPONSE ends, plus the margin.
    var responseDeadline: DeviceTime {
        pollTransmitted + responseOffset(count - 1) + H.airtime(octets: 34) - H.header + margin
    }

    /// When the REPORT window closes if `lastAnswered` is the last slot that answered.
    func reportDeadline(lastAnswered: Int) -> DeviceTime {
        finalTransmitted + reportOffset(lastAnswered) + H.airtime(octets: 53) - H.header + margin
    }

    /// Where FINAL is scheduled: the first grid time at or after POLL + finalOffset.
    var finalStart: DeviceTime {
        H.grid(pollTransmitted + finalOffset)
    }

    var finalTransmitted: DeviceTime {
        finalStart + F.clock.antennaDelay
    }

    // MARK: Stamps

    func pollReceived(_ slot: Int) -> DeviceTime {
        pollTransmitted + DeviceDuration(ticks: flights[slot] + offsets[slot])
    }

    func responseTransmitted(_ slot: Int) -> DeviceTime {
        H.grid(pollReceived(slot) + responseOffset(slot)) + F.clock.antennaDelay
    }

    func responseReceived(_ slot: Int) -> DeviceTime {
        responseTransmitted(slot) + DeviceDuration(ticks: flights[slot] - offsets[slot])
    }

    func finalReceived(_ slot: Int) -> DeviceTime {
        finalTransmitted + DeviceDuration(ticks: flights[slot] + offsets[slot])
    }

    /// When slot `slot`'s REPORT reaches the initiator.
    func reportReceived(_ slot: Int) -> DeviceTime {
        finalTransmitted + reportOffset(slot) + DeviceDuration(ticks: 2 * flights[slot])
    }

    // MARK: Frames

    /// A group frame of this round from this device to everyone.
    func groupOctets(_ message: RangingMessage) throws -> [UInt8] {
        try RangingFrame(session: RangingFrameFormat.groupSession, round: round, source: Self.local,
                         destination: RangingFrameFormat.broadcastAddress, pan: F.pan, message: message).encoded()
    }

    func pollOctets() throws -> [UInt8] {
        try groupOctets(.groupPoll(entries: links.map { GroupPollEntry(session: $0.session, responder: $0.peerAddress) }))
    }

    func responseOctets(_ slot: Int, round: UInt16? = nil) throws -> [UInt8] {
        try links[slot].peer.frame(round: round ?? self.round, message: .response).encoded()
    }

    func reportMessage(_ slot: Int) -> RangingMessage {
        .report(pollReceived: pollReceived(slot), responseTransmitted: responseTransmitted(slot),
                finalReceived: finalReceived(slot), timeOfFlight: ReportedTimeOfFlight(ticks: Double(flights[slot])))
    }

    func reportOctets(_ slot: Int) throws -> [UInt8] {
        try links[slot].peer.frame(round: round, message: reportMessage(slot)).encoded()
    }

    /// Slot `slot`'s RESPONSE as chip `chip` receives it, with diagnostics marker 10 + slot (+ 100 per chip).
    func response(_ slot: Int, chip: Int = 0) throws -> RangingInput {
        F.received(try responseOctets(slot), at: responseReceived(slot), chip: chip, marker: Double(10 + slot + 100 * chip))
    }

    /// Slot `slot`'s REPORT as chip `chip` receives it, with diagnostics marker 20 + slot (+ 100 per chip).
    func report(_ slot: Int, chip: Int = 0) throws -> RangingInput {
        F.received(try reportOctets(slot), at: reportReceived(slot), chip: chip, marker: Double(20 + slot + 100 * chip))
    }

    // MARK: Expected commands

    /// Starts the round at `now` and checks its one command: the group POLL on the grid at or after
    /// now + startDelay, with a response window from the listening margin before slot 0's RESPONSE
    /// to the margin after the last slot's. Feeds the predicted stamp back.
    func start(at now: DeviceTime) throws {
        let commands = machine.handle(.start(now: now))
        let at = H.grid(now + F.timing.startDelay)
        #expect(at.ticks % 512 == 0 && (at - (now + F.timing.startDelay)).ticks < 512)
        let poll = try pollOctets()
        let window = ResponseWindow(
            delay: responseOffset(0) - H.airtime(octets: poll.count + 2) - margin,
            timeout: H.slot * Int64(count - 1) + H.airtime(octets: 34) + margin + margin)
        #expect(commands == [.transmit(frame: poll, at: at, awaiting: window)])
        pollTransmitted = at + F.clock.antennaDelay
        #expect(machine.handle(.transmitScheduled(pollTransmitted)).isEmpty)
    }

    /// Listening on until the RESPONSE window's deadline after a frame of `octets` octets received at `time`.
    func listenForResponses(afterFrameOf octets: Int, at time: DeviceTime) -> RangingCommand {
        .listen(ReceiveWindow(timeout: responseDeadline - (time + H.airtime(octets: octets + 2) - H.header)))
    }

    /// Listening on until the REPORT window's deadline after a REPORT received at `time`.
    func listenForReports(after time: DeviceTime, lastAnswered: Int) -> RangingCommand {
        .listen(ReceiveWindow(timeout: reportDeadline(lastAnswered: lastAnswered) - (time + H.airtime(octets: 53) - H.header)))
    }

    /// The group FINAL carrying the RESPONSE stamps of the `answered` slots, with a window over
    /// their REPORT slots.
    func final(answered: Set<Int>) throws -> RangingCommand {
        let responses = (0..<count).map { answered.contains($0) ? responseReceived($0) : nil }
        let octets = try groupOctets(.groupFinal(
            pollTransmitted: pollTransmitted, finalTransmitted: finalTransmitted, responsesReceived: responses))
        let last = answered.max() ?? 0
        let window = ResponseWindow(
            delay: reportOffset(0) - H.airtime(octets: octets.count + 2) - margin,
            timeout: H.slot * Int64(last) + H.airtime(octets: 53) + margin + margin)
        return .transmit(frame: octets, at: finalStart, awaiting: window)
    }

    /// Slot `slot`'s completed round, with chip 0's diagnostics (and chip 1's where given).
    func completed(_ slot: Int, chip1Response: Bool = false, chip1Report: Bool = false, receivers: Int = 1) -> CompletedRound {
        func chips(_ marker: Int, _ second: Bool) -> [ReceptionDiagnostics?] {
            receivers == 1 ? [F.diagnostics(Double(marker))] : [F.diagnostics(Double(marker)), second ? F.diagnostics(Double(marker + 100)) : nil]
        }
        return CompletedRound(
            session: links[slot].session, round: round, peer: links[slot].peerAddress, role: .initiator, attempt: 1,
            timestamps: RoundTimestamps(
                pollTransmitted: pollTransmitted, pollReceived: pollReceived(slot), responseTransmitted: responseTransmitted(slot),
                responseReceived: responseReceived(slot), finalTransmitted: finalTransmitted, finalReceived: finalReceived(slot)),
            receptions: [.response: chips(10 + slot, chip1Response), .report: chips(20 + slot, chip1Report)],
            reportedTimeOfFlight: ReportedTimeOfFlight(ticks: Double(flights[slot])))
    }

    func failed(_ slot: Int, _ kind: RangingFailureKind) -> RangingCommand {
        .failed(RangingFailure(kind: kind, round: round, role: .initiator, attempts: 1, session: links[slot].session))
    }
}

/// ``GroupInitiator`` driven by hand, input by input, as ``InitiatorTests`` drives the two-party initiator.
@Suite("GroupInitiator, driven by hand")
struct GroupInitiatorTests {
    typealias F = RoundFixtures
    typealias H = HandTiming
    let now = F.time(1_000_000)

    @Test("a round of three: one group POLL, RESPONSEs in their slots, one group FINAL with their stamps, REPORTs complete each link")
    func fullRound() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        #expect(play.machine.handle(.event(.transmitted(at: play.pollTransmitted), chip: 0)).isEmpty)
        #expect(try play.machine.handle(play.response(0)) == [play.listenForResponses(afterFrameOf: 32, at: play.responseReceived(0))])
        #expect(try play.machine.handle(play.response(1)) == [play.listenForResponses(afterFrameOf: 32, at: play.responseReceived(1))])
        #expect(try play.machine.handle(play.response(2)) == [try play.final(answered: [0, 1, 2])])
        #expect(play.finalStart.ticks % 512 == 0 && (play.finalStart - (play.pollTransmitted + play.finalOffset)).ticks < 512)
        #expect(play.machine.handle(.transmitScheduled(play.finalTransmitted)).isEmpty)
        #expect(play.machine.handle(.event(.transmitted(at: play.finalTransmitted), chip: 0)).isEmpty)

        #expect(try play.machine.handle(play.report(0)) == [
            .completed(play.completed(0)), play.listenForReports(after: play.reportReceived(0), lastAnswered: 2),
        ])
        #expect(try play.machine.handle(play.report(1)) == [
            .completed(play.completed(1)), play.listenForReports(after: play.reportReceived(1), lastAnswered: 2),
        ])
        #expect(try play.machine.handle(play.report(2)) == [.completed(play.completed(2))])
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)).isEmpty, "the round is over")
    }

    @Test("each completed round's six stamps give the built-in flight time by DS-TWR")
    func timeOfFlight() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        var commands: [RangingCommand] = []
        for slot in 0..<3 {
            commands += play.machine.handle(try play.response(slot))
        }
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        for slot in 0..<3 {
            commands += play.machine.handle(try play.report(slot))
        }
        let rounds = commands.compactMap { command -> CompletedRound? in
            if case .completed(let round) = command { round } else { nil }
        }
        #expect(rounds.map(\.session) == play.links.map(\.session))
        for (slot, round) in rounds.enumerated() {
            #expect(doubleSidedTicks(round) == Double(play.flights[slot]), "slot \(slot)")
            #expect(try TwoWayRanging.doubleSided(round.timestamps).ticks == Double(play.flights[slot]))
        }
    }

    @Test("a missing middle RESPONSE: that link fails, the FINAL's bitmap omits it, the others complete")
    func missingResponse() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        _ = play.machine.handle(try play.response(0))
        let commands = play.machine.handle(try play.response(2))
        #expect(commands == [play.failed(1, .timeout(awaiting: .response)), try play.final(answered: [0, 2])])
        guard case .transmit(let octets, _, _) = commands.last else { return }
        // MAC header 9, payload header 9, two stamps 10, count: the bitmap at 29…30.
        #expect(octets[28] == 3 && octets[29] == 0b101 && octets[30] == 0)
        let final = try RangingFrame(decoding: octets)
        #expect(final.message == .groupFinal(pollTransmitted: play.pollTransmitted, finalTransmitted: play.finalTransmitted,
                                             responsesReceived: [play.responseReceived(0), nil, play.responseReceived(2)]))
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        #expect(try play.machine.handle(play.report(0)) == [
            .completed(play.completed(0)), play.listenForReports(after: play.reportReceived(0), lastAnswered: 2),
        ])
        #expect(try play.machine.handle(play.report(2)) == [.completed(play.completed(2))])
    }

    @Test("a silent last slot: the window's timeout ends the RESPONSE phase, the FINAL goes out for the others")
    func missingLastResponse() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        _ = play.machine.handle(try play.response(0))
        _ = play.machine.handle(try play.response(1))
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)) == [
            play.failed(2, .timeout(awaiting: .response)), try play.final(answered: [0, 1]),
        ])
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        #expect(try play.machine.handle(play.report(0)) == [
            .completed(play.completed(0)), play.listenForReports(after: play.reportReceived(0), lastAnswered: 1),
        ])
        #expect(try play.machine.handle(play.report(1)) == [.completed(play.completed(1))])
    }

    @Test("no RESPONSE at all: the timeout fails every link and no FINAL is sent")
    func noResponse() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)) == (0..<3).map { play.failed($0, .timeout(awaiting: .response)) })
        #expect(try play.machine.handle(play.response(0)).isEmpty, "a late RESPONSE finds the round over")
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)).isEmpty)
        // The next round starts afresh with the next round number.
        let next = GroupInitiator(timing: F.timing, transmitClock: F.clock, firstRound: 8)
        next.links = play.links
        let expected = next.handle(.start(now: now))
        #expect(play.machine.handle(.start(now: now)) == expected)
    }

    @Test("a missing last REPORT: the window's timeout fails that link with timeout(awaiting: .report)")
    func missingLastReport() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        for slot in 0..<3 {
            _ = play.machine.handle(try play.response(slot))
        }
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        _ = play.machine.handle(try play.report(0))
        _ = play.machine.handle(try play.report(1))
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)) == [play.failed(2, .timeout(awaiting: .report))])
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)).isEmpty)
    }

    @Test("a missing middle REPORT: the last slot's REPORT ends the round and fails the silent link")
    func missingMiddleReport() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        for slot in 0..<3 {
            _ = play.machine.handle(try play.response(slot))
        }
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        _ = play.machine.handle(try play.report(0))
        #expect(try play.machine.handle(play.report(2)) == [
            .completed(play.completed(2)), play.failed(1, .timeout(awaiting: .report)),
        ])
    }

    @Test("every link gets exactly one outcome, naming its session, whatever goes missing")
    func oneOutcomeEach() throws {
        // Which slots answer, and which of those report.
        let cases: [(responses: Set<Int>, reports: Set<Int>)] = [
            ([0, 1, 2], [0, 1, 2]), ([0, 2], [0, 2]), ([1], []), ([], []), ([0, 1], [1]), ([2], [2]), ([0, 1, 2], []),
        ]
        for (responses, reports) in cases {
            let play = GroupRoundPlay()
            try play.start(at: now)
            var commands: [RangingCommand] = []
            for slot in responses.sorted() {
                commands += play.machine.handle(try play.response(slot))
            }
            if !responses.contains(2) {
                commands += play.machine.handle(.event(.receiveTimeout, chip: 0))
            }
            commands += play.machine.handle(.transmitScheduled(play.finalTransmitted))
            for slot in reports.sorted() {
                commands += play.machine.handle(try play.report(slot))
            }
            if let last = responses.max(), !reports.contains(last) {
                commands += play.machine.handle(.event(.receiveTimeout, chip: 0))
            }
            var outcomes: [SessionIdentifier: [String]] = [:]
            for command in commands {
                switch command {
                case .completed(let round): outcomes[round.session, default: []].append("completed")
                case .failed(let failure): outcomes[failure.session, default: []].append("\(failure.kind)")
                default: break
                }
            }
            let label = "responses \(responses.sorted()), reports \(reports.sorted())"
            #expect(outcomes.keys.sorted { $0.rawValue < $1.rawValue } == play.links.map(\.session), "\(label)")
            for slot in 0..<3 {
                let kinds = outcomes[play.links[slot].session] ?? []
                #expect(kinds.count == 1, "\(label): slot \(slot) got \(kinds)")
                let expected = reports.contains(slot) ? "completed"
                    : responses.contains(slot) ? "\(RangingFailureKind.timeout(awaiting: .report))"
                    : "\(RangingFailureKind.timeout(awaiting: .response))"
                #expect(kinds.first == expected, "\(label): slot \(slot)")
            }
        }
    }

    @Test("frames that are not an awaited RESPONSE are ignored: listen on until the window's deadline")
    func foreignFrames() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        let at = play.pollTransmitted + play.responseOffset(0)
        var otherSession = play.links[0].peer
        otherSession.session = SessionIdentifier(rawValue: 0x0BAD_0BAD)
        var otherPeer = play.links[0].peer
        otherPeer.localAddress = 0x0099
        var otherPAN = play.links[0].peer
        otherPAN.pan = PANIdentifier(rawValue: 0x1234)
        let foreign: [[UInt8]] = [
            try otherSession.frame(round: play.round, message: .response).encoded(),
            try otherPeer.frame(round: play.round, message: .response).encoded(),
            try otherPAN.frame(round: play.round, message: .response).encoded(),
            try play.responseOctets(0, round: play.round - 1),
            try play.links[0].peer.frame(round: play.round, message: play.reportMessage(0)).encoded(),
            try play.links[1].peer.frame(round: play.round, message: .poll).encoded(),
            try play.pollOctets(),
            [0x01, 0x02, 0x03],
        ]
        for octets in foreign {
            #expect(play.machine.handle(F.received(octets, at: at)) == [play.listenForResponses(afterFrameOf: octets.count, at: at)],
                    "\(octets.count) octets")
        }
        // A RESPONSE already received is not taken twice: ignored like a foreign frame, by its own length.
        _ = play.machine.handle(try play.response(0))
        #expect(try play.machine.handle(play.response(0)) == [play.listenForResponses(afterFrameOf: 18, at: play.responseReceived(0))])
        // A foreign frame that ends after the deadline ends the phase: the FINAL goes to slot 0 only.
        let late = play.responseDeadline
        #expect(play.machine.handle(F.received(foreign[0], at: late)) == [
            play.failed(1, .timeout(awaiting: .response)), play.failed(2, .timeout(awaiting: .response)), try play.final(answered: [0]),
        ])
    }

    @Test("a frame that is not an awaited REPORT is ignored while the REPORTs come")
    func foreignFramesDuringReports() throws {
        let play = GroupRoundPlay(links: 2)
        try play.start(at: now)
        _ = play.machine.handle(try play.response(0))
        _ = play.machine.handle(try play.response(1))
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        let at = play.finalTransmitted + play.reportOffset(0)
        let deadline = play.reportDeadline(lastAnswered: 1)
        let response = try play.responseOctets(0)
        #expect(play.machine.handle(F.received(response, at: at)) == [
            .listen(ReceiveWindow(timeout: deadline - (at + H.airtime(octets: response.count + 2) - H.header))),
        ])
        _ = play.machine.handle(try play.report(0))
        let report = try play.reportOctets(0)
        #expect(play.machine.handle(try play.report(0)) == [
            .listen(ReceiveWindow(timeout: deadline - (play.reportReceived(0) + H.airtime(octets: report.count + 2) - H.header))),
        ], "a second REPORT of slot 0 is not taken twice: ignored like a foreign frame, by its own length")
        #expect(try play.machine.handle(play.report(1)) == [.completed(play.completed(1))])
    }

    @Test("a failed reception asks for the time, then listens until the deadline; past it, the phase ends")
    func receiveFailed() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        #expect(play.machine.handle(.event(.receiveFailed(.frameCheckFailed), chip: 0)) == [.startTimer(.zero)])
        let later = play.pollTransmitted + DeviceDuration(ticks: 5_000)
        #expect(play.machine.handle(.timerFired(now: later)) == [.listen(ReceiveWindow(timeout: play.responseDeadline - later))])
        #expect(play.machine.handle(.timerFired(now: later)).isEmpty, "a timer nobody asked for does nothing")
        _ = play.machine.handle(try play.response(0))
        #expect(play.machine.handle(.event(.receiveFailed(.sfdTimeout), chip: 0)) == [.startTimer(.zero)])
        #expect(play.machine.handle(.timerFired(now: play.responseDeadline + DeviceDuration(ticks: 1))) == [
            play.failed(1, .timeout(awaiting: .response)), play.failed(2, .timeout(awaiting: .response)), try play.final(answered: [0]),
        ])
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        #expect(play.machine.handle(.event(.receiveFailed(.phyHeaderError), chip: 0)) == [.startTimer(.zero)])
        let reportTime = play.finalTransmitted + DeviceDuration(ticks: 1_000)
        #expect(play.machine.handle(.timerFired(now: reportTime)) == [
            .listen(ReceiveWindow(timeout: play.reportDeadline(lastAnswered: 0) - reportTime)),
        ])
        #expect(play.machine.handle(.event(.receiveFailed(.phyHeaderError), chip: 0)) == [.startTimer(.zero)])
        #expect(play.machine.handle(.timerFired(now: play.reportDeadline(lastAnswered: 0))) == [
            play.failed(0, .timeout(awaiting: .report)),
        ])
    }

    @Test("a group of no links does nothing; one of ten fails every link with encoding(groupSize) and sends nothing")
    func groupSize() throws {
        let empty = GroupInitiator(timing: F.timing, transmitClock: F.clock, firstRound: 7)
        #expect(empty.handle(.start(now: now)).isEmpty, "no links, no outcomes")
        let crowded = GroupInitiator(timing: F.timing, transmitClock: F.clock, firstRound: 7)
        crowded.links = (0..<10).map {
            RangingLink(session: SessionIdentifier(rawValue: 0x2000_0000 + UInt32($0)), pan: F.pan,
                        localAddress: GroupRoundPlay.local, peerAddress: 0x0100 + UInt16($0))
        }
        let commands = crowded.handle(.start(now: now))
        #expect(commands == crowded.links.map {
            .failed(RangingFailure(kind: .encoding(.groupSize(10)), round: 7, role: .initiator, attempts: 1, session: $0.session))
        }, "one failure per link, with its session")
        // Nine are fine.
        crowded.links.removeLast()
        guard case .transmit(let octets, _, _) = crowded.handle(.start(now: now)).first else {
            Issue.record("nine links send no POLL")
            return
        }
        #expect(octets.count + 2 == 27 + 6 * 8)
    }

    @Test("a stamp that differs from the prediction turns the radio off and fails every open link")
    func transmitTimeMismatch() throws {
        let play = GroupRoundPlay(links: 2)
        let at = H.grid(now + F.timing.startDelay)
        _ = play.machine.handle(.start(now: now))
        let predicted = at + F.clock.antennaDelay
        let actual = predicted + DeviceDuration(ticks: 512)
        let kind = RangingFailureKind.transmitTimeMismatch(predicted: predicted, actual: actual)
        #expect(play.machine.handle(.transmitScheduled(actual)) == [.turnOff, play.failed(0, kind), play.failed(1, kind)])
        #expect(play.machine.handle(.event(.receiveTimeout, chip: 0)).isEmpty)
    }

    @Test("a late POLL fails every link; a late FINAL fails those that answered (the others already failed)")
    func lateTransmissions() throws {
        let play = GroupRoundPlay()
        _ = play.machine.handle(.start(now: now))
        #expect(play.machine.handle(.transmitFailed(.lateTransmission(scheduled: now))) == (0..<3).map {
            play.failed($0, .lateTransmission(.groupPoll))
        })

        let second = GroupRoundPlay()
        try second.start(at: now)
        _ = second.machine.handle(try second.response(1))
        let commands = second.machine.handle(.event(.receiveTimeout, chip: 0))
        #expect(commands.count == 3)
        #expect(second.machine.handle(.transmitFailed(.lateTransmission(scheduled: now))) == [
            second.failed(1, .lateTransmission(.groupFinal)),
        ])
        #expect(second.machine.handle(.transmitScheduled(second.finalTransmitted)).isEmpty, "nothing is pending any more")
        let lost = TransceiverError.bus(.disconnected("unplugged"))
        let third = GroupRoundPlay(links: 2)
        _ = third.machine.handle(.start(now: now))
        #expect(third.machine.handle(.transmitFailed(lost)) == [third.failed(0, .transceiver(lost)), third.failed(1, .transceiver(lost))])
    }

    @Test("a new start while a round runs turns the radio off and abandons the links still open")
    func restart() throws {
        let play = GroupRoundPlay()
        try play.start(at: now)
        _ = play.machine.handle(try play.response(0))
        _ = play.machine.handle(try play.response(1))
        _ = play.machine.handle(try play.response(2))
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        _ = play.machine.handle(try play.report(0))
        let commands = play.machine.handle(.start(now: now))
        #expect(Array(commands.prefix(3)) == [.turnOff, play.failed(1, .abandoned), play.failed(2, .abandoned)])
        guard commands.count == 4, case .transmit(let octets, _, _) = commands[3] else {
            Issue.record("no new POLL: \(commands)")
            return
        }
        #expect(try RangingFrame(decoding: octets).round == play.round + 1)
    }

    @Test("two receivers: completion waits for chip 1's REPORT, in either order, or for the grace timer")
    func twoReceivers() throws {
        let play = GroupRoundPlay(links: 3, receivers: 2)
        try play.start(at: now)
        // Chip 1 hears slot 0's RESPONSE first, then chip 0; it misses slots 1 and 2.
        #expect(try play.machine.handle(play.response(0, chip: 1)).isEmpty)
        _ = play.machine.handle(try play.response(0))
        _ = play.machine.handle(try play.response(1))
        _ = play.machine.handle(try play.response(2))
        _ = play.machine.handle(.transmitScheduled(play.finalTransmitted))
        // Slot 0: chip 0 first, then chip 1 completes it.
        #expect(try play.machine.handle(play.report(0)) == [
            .startTimer(F.timing.receiverGrace), play.listenForReports(after: play.reportReceived(0), lastAnswered: 2),
        ])
        #expect(try play.machine.handle(play.report(0, chip: 1)) == [
            .completed(play.completed(0, chip1Response: true, chip1Report: true, receivers: 2)),
        ])
        // Slot 1: chip 1 first, so chip 0's reception completes it at once.
        #expect(try play.machine.handle(play.report(1, chip: 1)).isEmpty)
        #expect(try play.machine.handle(play.report(1)) == [
            .completed(play.completed(1, chip1Report: true, receivers: 2)),
            play.listenForReports(after: play.reportReceived(1), lastAnswered: 2),
        ])
        // Slot 2: chip 1 never hears it; the grace timer completes it without.
        #expect(try play.machine.handle(play.report(2)) == [.startTimer(F.timing.receiverGrace)])
        #expect(play.machine.handle(.timerFired(now: now)) == [.completed(play.completed(2, receivers: 2))])
        #expect(play.machine.handle(.timerFired(now: now)).isEmpty)
    }
}
