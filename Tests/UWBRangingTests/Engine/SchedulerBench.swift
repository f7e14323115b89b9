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
        scheduler.addInitiator(link, interval: interval, handlers: handlers(for: link))
    }

    /// Adds a responder link whose handlers report into ``reports``.
    @discardableResult
    func addResponder(_ link: RangingLink) -> RangingScheduler.LinkID {
        scheduler.addResponder(link, handlers: handlers(for: link))
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
            case .enableReceiver, .turnOff, .systemTime: nil
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
    /// default: from now on); returns that frame, or nil if the timers ran out first.
    func runUntilSending(since mark: Int? = nil) throws -> RangingFrame? {
        let start = mark ?? self.mark
        while try sentFrames(since: start).isEmpty {
            guard timers.runNext() else { return nil }
        }
        return try sentFrames(since: start).first
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

    /// Plays the responder's part of the round that `link`'s initiator has just opened with a
    /// POLL: the POLL leaves, RESPONSE arrives, FINAL leaves, REPORT arrives.
    func completeInitiatorRound(on link: RangingLink) throws {
        let poll = try lastDelayedTransmission()
        try #require(poll.frame.message == .poll && poll.frame.session == link.session, "\(poll.frame) is not \(link)'s POLL")
        transmitted(at: poll.at)
        try receive(link.peer.frame(round: poll.frame.round, message: .response), at: poll.at + timing.replyDelay)
        let final = try lastDelayedTransmission()
        try #require(final.frame.message.type == .final, "\(final.frame) is not a FINAL")
        transmitted(at: final.at)
        let report = RangingMessage.report(
            pollReceived: poll.at, responseTransmitted: poll.at + timing.replyDelay, finalReceived: final.at,
            timeOfFlight: nil)
        try receive(link.peer.frame(round: poll.frame.round, message: report), at: final.at + timing.replyDelay)
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
