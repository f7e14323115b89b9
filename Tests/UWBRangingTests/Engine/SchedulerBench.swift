import Testing
import UWBCore
import UWBRanging

/// A ``RangingScheduler`` on one ``RecordingTransceiver`` and a ``ManualTimerQueue``, with what
/// it reported, for tests that play the peers' frames by hand.
///
/// The timing, transmit clock and diagnostics are ``RoundFixtures``'; the transceiver's stamps
/// match the transmit clock, so the state machines accept every frame they schedule.
final class SchedulerBench {
    /// The board's only chip.
    let radio = RecordingTransceiver()
    /// The loop's clock and timers.
    let timers = ManualTimerQueue()
    /// The timing every link uses.
    let timing = RoundFixtures.timing
    /// What each link's handlers were told.
    private(set) var reports: [RangingLink: LinkReports] = [:]
    /// Every `onRadioFailure` call.
    private(set) var radioFailures: [TransceiverError] = []
    /// How many transceiver calls had been made when the first radio failure was reported.
    private(set) var callsAtFailure: Int?

    /// The scheduler under test.
    private(set) lazy var scheduler = RangingScheduler(
        transceivers: [radio], timing: timing, transmitClock: RoundFixtures.clock,
        schedule: { [unowned self] delay, action in self.timers.schedule(delay, action) },
        now: { [unowned self] in self.timers.now },
        onRadioFailure: { [unowned self] error in
            self.radioFailures.append(error)
            self.callsAtFailure = self.callsAtFailure ?? self.radio.calls.count
        })

    /// Adds an initiator link whose handlers report into ``reports``.
    @discardableResult
    func addInitiator(_ link: RangingLink, interval: Duration) -> RangingScheduler.LinkID {
        added[link.session] = link
        return scheduler.addInitiator(link, interval: interval, handlers: handlers(for: link))
    }

    /// Adds a responder link whose handlers report into ``reports``.
    @discardableResult
    func addResponder(_ link: RangingLink) -> RangingScheduler.LinkID {
        added[link.session] = link
        return scheduler.addResponder(link, handlers: handlers(for: link))
    }

    /// What `link`'s handlers were told so far.
    func reports(for link: RangingLink) -> LinkReports {
        reports[link] ?? LinkReports()
    }

    private func handlers(for link: RangingLink) -> RangingScheduler.Handlers {
        RangingScheduler.Handlers(
            completed: { [unowned self] in self.reports[link, default: LinkReports()].completed.append($0) },
            failed: { [unowned self] in self.reports[link, default: LinkReports()].failures.append($0) },
            peerEnded: { [unowned self] in self.reports[link, default: LinkReports()].peerEnded += 1 })
    }

    // MARK: The radio's side

    /// How many transceiver calls were made so far: a mark for ``calls(since:)`` and ``sentFrames(since:)``.
    var mark: Int { radio.calls.count }

    /// The transceiver calls made since `mark`.
    func calls(since mark: Int) -> [RecordingTransceiver.Call] {
        Array(radio.calls.dropFirst(mark))
    }

    /// The frames the radio was asked to send since `mark` (delayed or immediately), decoded.
    func sentFrames(since mark: Int = 0) throws -> [RangingFrame] {
        try calls(since: mark).compactMap { call in
            switch call {
            case .transmit(let octets, _, _), .transmitImmediately(let octets, _): try RangingFrame(decoding: octets)
            case .enableReceiver, .turnOff, .systemTime, .loadSecureTimestampSequence: nil
            }
        }
    }

    /// The last delayed transmission the radio was asked for: the frame, decoded, and its start time.
    func lastDelayedTransmission() throws -> (frame: RangingFrame, at: DeviceTime) {
        let transmissions = radio.calls.compactMap { call -> (octets: [UInt8], at: DeviceTime)? in
            if case .transmit(let octets, let time, _) = call { (octets, time) } else { nil }
        }
        let last = try #require(transmissions.last, "nothing was transmitted")
        return (try RangingFrame(decoding: last.octets), last.at)
    }

    /// Runs timers one at a time until the radio has been asked to send a frame since `mark` (by
    /// default: from now on) that `matching` accepts (by default any); returns that frame, or nil
    /// if the timers ran out first.
    func runUntilSending(since mark: Int? = nil, matching: (RangingFrame) -> Bool = { _ in true }) throws -> RangingFrame? {
        let start = mark ?? self.mark
        while try !sentFrames(since: start).contains(where: matching) {
            guard timers.runNext() else { return nil }
        }
        return try sentFrames(since: start).first(where: matching)
    }

    /// Hands the scheduler a reception of `frame` on chip 0 with RX timestamp `time`.
    func receive(_ frame: RangingFrame, at time: DeviceTime) throws {
        let received = ReceivedFrame(frame: try frame.encoded(), timestamp: time, diagnostics: RoundFixtures.diagnostics(1))
        scheduler.handle(.frameReceived(received), fromChip: 0)
    }

    /// Tells the scheduler that the frame the radio last accepted has left the antenna.
    func transmitted(at time: DeviceTime = DeviceTime(wrapping: 0)) {
        scheduler.handle(.transmitted(at: time), fromChip: 0)
    }

    // MARK: The peers' side

    /// What ``playGroupRound(answering:reporting:)`` saw of a group round.
    struct PlayedGroupRound {
        /// The group POLL, decoded.
        let poll: RangingFrame
        /// The group POLL's TX stamp.
        let pollTransmitted: DeviceTime
        /// The group FINAL, decoded, if one was sent.
        let final: RangingFrame?
        /// The group FINAL's TX stamp, if one was sent.
        let finalTransmitted: DeviceTime?
        /// The links the POLL names, in slot order.
        let links: [RangingLink]
    }

    /// The links added so far, by session: a group POLL names them by session.
    private var added: [SessionIdentifier: RangingLink] = [:]

    /// Where the radio's clock stood against the loop's when the round being played started: the
    /// loop's clock then, and the device time the round read.
    private var origin: (loop: Duration, device: DeviceTime)?

    /// Lets the loop's clock run until the device time `time` of the round being played (never back).
    func advance(toDeviceTime time: DeviceTime) {
        guard let origin else { return }
        timers.advance(to: max(timers.now, origin.loop + (time - origin.device).duration))
    }

    /// The device time at which a frame of `octets` octets whose RMARKER is at `stamp` has left the air.
    func end(ofFrame octets: [UInt8], at stamp: DeviceTime) -> DeviceTime {
        let airtime = timing.configuration.airtime(frameLength: octets.count + RangingFrameFormat.frameCheckSequenceLength)
        return stamp + HandTiming.ticks(airtime - timing.configuration.synchronisationHeaderDuration)
    }

    /// Plays the responders' part of the group round this device has just opened (the group POLL
    /// is the last delayed transmission, scheduled at the loop's current time): the POLL leaves,
    /// the RESPONSEs of the `answering` links (all, if nil) arrive in their slots, a receive
    /// timeout if the last slot stays silent, the FINAL leaves, and the REPORTs of the `reporting`
    /// links (by default every answering one) arrive in their slots, with a receive timeout if
    /// the last answering slot's REPORT stays out. The loop's clock follows the frames.
    ///
    /// Each responder's clock is the initiator's and the flight time zero: RESPONSE is received
    /// exactly at its slot's offset after POLL's stamp, REPORT at its offset after FINAL's.
    @discardableResult
    func playGroupRound(answering: [RangingLink]? = nil, reporting: [RangingLink]? = nil) throws -> PlayedGroupRound {
        let pollCall = try lastDelayedTransmission()
        guard case .groupPoll(let entries) = pollCall.frame.message else {
            throw RoundPlayError.notGroupPoll(pollCall.frame)
        }
        origin = (timers.now, radio.now)
        defer { origin = nil }
        let links = try entries.map { entry in
            guard let link = added[entry.session], link.peerAddress == entry.responder else { throw RoundPlayError.unknownEntry(entry) }
            return link
        }
        let answered = links.indices.filter { slot in answering.map { $0.contains(links[slot]) } ?? true }
        let reported = answered.filter { slot in (reporting ?? answering).map { $0.contains(links[slot]) } ?? true }
        let round = pollCall.frame.round
        let schedule = GroupRoundSchedule(responders: links.count, timing: timing)
        let pollStamp = pollCall.at + radio.antennaDelay
        let pollOctets = try pollCall.frame.encoded()
        advance(toDeviceTime: end(ofFrame: pollOctets, at: pollStamp))
        transmitted(at: pollStamp)
        let mark = self.mark
        for slot in answered {
            let time = pollStamp + schedule.responseOffset(slot: slot)
            let response = links[slot].peer.frame(round: round, message: .response)
            advance(toDeviceTime: end(ofFrame: try response.encoded(), at: time))
            try receive(response, at: time)
        }
        if answered.last != links.count - 1 {
            advance(toDeviceTime: pollStamp + schedule.responseOffset(slot: links.count - 1) + timing.airtime(.response)
                - HandTiming.header + timing.listenMargin)
            scheduler.handle(.receiveTimeout, fromChip: 0)
        }
        let finals = calls(since: mark).compactMap { call -> (octets: [UInt8], at: DeviceTime)? in
            if case .transmit(let octets, let time, _) = call { (octets, time) } else { nil }
        }
        guard !answered.isEmpty, let finalCall = finals.first else {
            return PlayedGroupRound(poll: pollCall.frame, pollTransmitted: pollStamp, final: nil, finalTransmitted: nil, links: links)
        }
        let final = try RangingFrame(decoding: finalCall.octets)
        guard final.message.type == .groupFinal else { throw RoundPlayError.notGroupFinal(final) }
        let finalStamp = finalCall.at + radio.antennaDelay
        advance(toDeviceTime: end(ofFrame: finalCall.octets, at: finalStamp))
        transmitted(at: finalStamp)
        for slot in reported {
            let time = finalStamp + schedule.reportOffset(slot: slot)
            let report = links[slot].peer.frame(round: round, message: .report(
                pollReceived: pollStamp, responseTransmitted: pollStamp + schedule.responseOffset(slot: slot),
                finalReceived: finalStamp, timeOfFlight: nil))
            advance(toDeviceTime: end(ofFrame: try report.encoded(), at: time))
            try receive(report, at: time)
        }
        if let last = answered.last, reported.last != last {
            advance(toDeviceTime: finalStamp + schedule.reportOffset(slot: last) + timing.airtime(.report)
                - HandTiming.header + timing.listenMargin)
            scheduler.handle(.receiveTimeout, fromChip: 0)
        }
        return PlayedGroupRound(poll: pollCall.frame, pollTransmitted: pollStamp, final: final, finalTransmitted: finalStamp,
                                links: links)
    }

    /// Plays the initiator's part of a round on `link`'s responder up to its REPORT: POLL arrives,
    /// RESPONSE leaves, FINAL arrives. The REPORT is scheduled and has not left yet.
    func playRoundUpToReport(on link: RangingLink, round: UInt16, at time: DeviceTime) throws {
        try receive(link.peer.frame(round: round, message: .poll), at: time)
        let response = try lastDelayedTransmission()
        try #require(response.frame.message == .response && response.frame.session == link.session,
                     "\(response.frame) is not \(link)'s RESPONSE")
        transmitted(at: response.at)
        let final = RangingMessage.final(
            pollTransmitted: time, responseReceived: response.at, finalTransmitted: response.at + timing.replyDelay)
        try receive(link.peer.frame(round: round, message: final), at: response.at + timing.replyDelay)
    }
}

/// Why ``SchedulerBench/playGroupRound(answering:reporting:)`` could not play a round.
enum RoundPlayError: Error {
    /// The last delayed transmission is not a group POLL.
    case notGroupPoll(RangingFrame)
    /// The group POLL names a session or responder the bench did not add.
    case unknownEntry(GroupPollEntry)
    /// What followed the RESPONSEs is not a group FINAL.
    case notGroupFinal(RangingFrame)
}
