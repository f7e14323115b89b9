import UWBCore

/// Shares one radio among several ranging links, and the air among devices: the device's
/// session scheduler.
///
/// **Initiator links** are served together: when rounds are due, one ``GroupInitiator`` round
/// serves every initiator link due (and those due within a quarter of their interval), up to
/// ``maximumGroupSize`` of them, so a device ranging with many peers sends one POLL and one FINAL
/// for all of them. Each link's next round is due one interval after the round that served it.
/// **Responder links** each run a ``Responder``, which answers two-party POLLs and its slot of
/// group POLLs.
///
/// At any moment at most one round owns the radio: the device's group round from its start until
/// every link in it has its outcome, or a responder link from the POLL it answers until its round
/// completes or fails. While nobody owns it the radio listens, so POLLs for any responder link,
/// GOODBYEs for any link and other devices' rounds are heard.
///
/// **The air** is shared with other devices by listening (``ChannelAccess``; the DW1000 cannot
/// sense the carrier): every round announces how long it holds the air, a round due while the air
/// is taken waits for it to end and a random backoff, and a round nobody answered (a collision)
/// makes the next wait a backoff from a window that doubles. `Docs/decisions/0012-medium-access-for-many-devices.md`
/// explains the choice.
///
/// Like ``StateMachineRunner``, the scheduler owns no thread and reads no clock but the one it is given:
/// whoever services the radio calls ``handle(_:fromChip:)``, and timers come from `schedule`. All
/// calls must come from that radio loop. A link's handlers run on it, during those calls.
///
/// A radio error that means the radio is gone (a bus error, a hardware fault, a lost configuration)
/// stops the scheduler for good and is reported once through `onRadioFailure`; other radio errors
/// end the round that met them.
public final class RangingScheduler {
    /// Identifies a link added to the scheduler.
    public struct LinkID: Hashable, Sendable {
        fileprivate let rawValue: Int
    }

    /// What a link reports.
    public struct Handlers {
        /// A round completed on this side.
        public var completed: (CompletedRound) -> Void
        /// A round failed on this side.
        public var failed: (RangingFailure) -> Void
        /// The peer sent GOODBYE: it ended the session. The link stays until it is removed.
        public var peerEnded: () -> Void

        /// Handlers with the given behaviour.
        public init(
            completed: @escaping (CompletedRound) -> Void, failed: @escaping (RangingFailure) -> Void,
            peerEnded: @escaping () -> Void
        ) {
            self.completed = completed
            self.failed = failed
            self.peerEnded = peerEnded
        }
    }

    /// When a GOODBYE is sent again after the first: 3 ms and 7 ms later, longer than a round's
    /// exchange on the emulator (about 1 ms), so a peer busy with another round hears one of them.
    public static let goodbyeRepeats: [Duration] = [.milliseconds(3), .milliseconds(7)]

    /// The timing every link uses.
    public let timing: RangingTiming
    /// The most links one group round serves: ``RangingFrameFormat/maximumGroupSize``, or fewer
    /// if the radio's longest receive timeout cannot cover that many response slots.
    public let maximumGroupSize: Int
    /// Whether the radio failed; a failed scheduler does nothing more.
    public private(set) var hasFailed = false
    /// The frames the first chip received that no link sees: those that are not ranging frames of
    /// this format (truncated, oversized, unknown, or with security fields this format does not
    /// use), counted as ``FrameRejection/malformed``, and, with an STS configured, those whose
    /// time of arrival fails ``SecureTimestampCheck`` (``FrameRejection/secureTimestampMissing``,
    /// ``FrameRejection/secureTimestampQualityLow``, ``FrameRejection/secureTimestampMismatch``);
    /// the links count their own rejections (``LinkProtection/rejections``).
    public let droppedFrames: FrameRejectionTally
    /// How late this device's rounds have recently started after they came due, waiting for the
    /// air: a moving average over its rounds (weight ¼ for the newest), in whole nanoseconds. Zero
    /// on an air with room to spare; about the excess of the cycle over the interval in a room
    /// that asks for more rounds than one channel carries.
    public private(set) var lateness: Duration = .zero

    /// The scrambled timestamp sequence the radio sends and checks, if any: with one, a received
    /// frame reaches a round only if its time of arrival passes ``SecureTimestampCheck``. Starts
    /// as the timing's configuration says; whoever reconfigures the radio's STS sets it too.
    public var secureTimestamps: SecureTimestampConfiguration?

    /// Who holds the radio.
    private enum Owner {
        /// This device's group round `round`, with the links it serves by session, how many of
        /// them have no outcome yet and whether any responder answered.
        case group(round: UInt16, members: [SessionIdentifier: LinkID], outstanding: Int, answered: Bool)
        /// A responder link answering a POLL.
        case responder(LinkID)
    }

    private let transceivers: [any Transceiver]
    private let transmitClock: TransmitClock
    private let schedule: StateMachineRunner.Scheduler
    private let now: () -> Duration
    private let onRadioFailure: (TransceiverError) -> Void

    private var links: [LinkID: ScheduledLink] = [:]
    private var nextIdentifier = 0
    private var owner: Owner?
    /// Counts ownerships, so a watchdog armed for one does not end the next.
    private var ownership = 0
    /// Whether a frame is scheduled on chip 0 and its TX-done event has not come yet.
    private var transmitting = false
    /// Whether the scheduler itself turned chip 0's receiver on and nothing has happened there since.
    private var idleListening = false
    /// GOODBYE frames waiting for the radio.
    private var goodbyes: [[UInt8]] = []
    /// When the last GOODBYE queued so far (its last repeat) comes due.
    private var lastGoodbyeDue: Duration = .zero
    private var wakeGeneration = 0
    private var settling = false
    /// Medium access; made with the first link, seeded from it.
    private var access: ChannelAccess?
    private let groupInitiator: GroupInitiator
    private var groupLoop: StateMachineRunner?
    /// The responder link that answered the latest group POLL: the other chips' receptions of that
    /// round's group frames go to it.
    private var groupResponder: LinkID?

    /// A scheduler for a board's transceivers (the first sends and receives; the others only receive).
    ///
    /// - Parameters:
    ///   - transmitClock: the first chip's delayed-TX grid and TX antenna delay.
    ///   - schedule: runs work after a delay on the radio loop.
    ///   - now: the loop's monotonic clock, which times the rounds.
    ///   - onRadioFailure: called once when the radio fails for good.
    ///   - droppedFrames: where frames no link sees are counted (``droppedFrames``).
    public init(
        transceivers: [any Transceiver], timing: RangingTiming, transmitClock: TransmitClock,
        schedule: @escaping StateMachineRunner.Scheduler, now: @escaping () -> Duration,
        onRadioFailure: @escaping (TransceiverError) -> Void, droppedFrames: FrameRejectionTally = FrameRejectionTally()
    ) {
        self.droppedFrames = droppedFrames
        self.secureTimestamps = timing.configuration.secureTimestamps
        self.transceivers = transceivers
        self.timing = timing
        self.transmitClock = transmitClock
        self.schedule = schedule
        self.now = now
        self.onRadioFailure = onRadioFailure
        maximumGroupSize = Self.largestGroup(
            timing: timing, receiveTimeout: transceivers.first?.capabilities.maximumReceiveTimeout)
        groupInitiator = GroupInitiator(timing: timing, transmitClock: transmitClock, receivers: transceivers.count)
    }

    /// The most responders whose slots one receive window of at most `receiveTimeout` covers,
    /// at most ``RangingFrameFormat/maximumGroupSize``.
    static func largestGroup(timing: RangingTiming, receiveTimeout: DeviceDuration?) -> Int {
        guard let receiveTimeout else { return RangingFrameFormat.maximumGroupSize }
        let margins = timing.listenMargin + timing.listenMargin
        let slots = (receiveTimeout - timing.airtime(.report) - margins).ticks / max(1, timing.slotSpacing.ticks)
        return Int(max(1, min(Int64(RangingFrameFormat.maximumGroupSize), slots + 1)))
    }

    /// Adds a link on which this device initiates a round every `interval`, the first one about
    /// one interval from now.
    public func addInitiator(_ link: RangingLink, interval: Duration, handlers: Handlers) -> LinkID {
        let id = makeIdentifier(for: link)
        let entry = ScheduledLink(id: id, link: link, role: .initiator, handlers: handlers, interval: interval)
        entry.next = now() + interval
        links[id] = entry
        if groupLoop == nil {
            groupLoop = makeGroupLoop()
        }
        settle()
        return id
    }

    /// Adds a link on which this device answers the peer's rounds.
    public func addResponder(_ link: RangingLink, handlers: Handlers) -> LinkID {
        let id = makeIdentifier(for: link)
        let entry = ScheduledLink(id: id, link: link, role: .responder, handlers: handlers, interval: nil)
        let machine = Responder(
            session: link.session, localAddress: link.localAddress, peerAddress: link.peerAddress, pan: link.pan,
            timing: timing, transmitClock: transmitClock, receivers: transceivers.count,
            timeOfFlight: ReportedTimeOfFlight.doubleSided, protection: link.protection)
        entry.loop = makeLoop(machine) { [weak self] round in
            self?.release(.responder(id))
            handlers.completed(round)
        } failed: { [weak self] failure in
            if failure.kind != .abandoned {
                self?.release(.responder(id))
            }
            handlers.failed(failure)
        } radioError: { [weak self] error in
            self?.radioError(error, releasing: .responder(id))
        }
        links[id] = entry
        settle()
        return id
    }

    /// Removes a link; with `sayingGoodbye`, sends the peer a GOODBYE as soon as the radio and the
    /// air are free, and twice more (``goodbyeRepeats``). A responder link answering a round stops
    /// at once; a group round serving an initiator link runs on for its other links.
    public func remove(_ id: LinkID, sayingGoodbye: Bool) {
        guard let removed = links.removeValue(forKey: id) else { return }
        if sayingGoodbye {
            queueGoodbye(on: removed.link)
        }
        if case .responder(id) = owner {
            owner = nil
            transmitting = false
            perform { () throws(TransceiverError) in try primary.turnOff() }
        }
        settle()
    }

    /// When the GOODBYEs queued so far come due, the last of them (they go out then or as soon as
    /// the air is free after); nil when none is waiting. Whoever changes the radio's packet
    /// configuration (an STS or none) waits for them: the peers they are for would not hear them
    /// in the new one.
    public var goodbyesDue: Duration? {
        goodbyes.isEmpty && now() >= lastGoodbyeDue ? nil : lastGoodbyeDue
    }

    /// Sends a GOODBYE on `link` as soon as the radio is free, and twice more
    /// (``goodbyeRepeats``): for a session that ends while it has no link here (a paused one).
    public func sayGoodbye(on link: RangingLink) {
        queueGoodbye(on: link)
        settle()
    }

    /// Queues the GOODBYE now and again after each of ``goodbyeRepeats``: a peer whose radio is
    /// busy sending when one arrives hears a later one. A peer that heard one has removed the link
    /// and ignores the rest. Each is encoded when queued, so a secured link sends each with a
    /// frame counter of its own (the peer would drop a repeated one as a replay).
    private func queueGoodbye(on link: RangingLink) {
        guard let frame = try? link.encode(round: 0, message: .goodbye) else { return }
        goodbyes.append(frame)
        lastGoodbyeDue = max(lastGoodbyeDue, now() + (Self.goodbyeRepeats.last ?? .zero))
        for delay in Self.goodbyeRepeats {
            schedule(delay) { [weak self] in
                guard let self, let frame = try? link.encode(round: 0, message: .goodbye) else { return }
                self.goodbyes.append(frame)
                self.settle()
            }
        }
    }

    /// Hands an event of chip `chip` to the round it concerns, notes what it says about the air,
    /// then starts whatever is due.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int) {
        guard !hasFailed else { return }
        var frame: RangingFrame?
        var octets: [UInt8] = []
        if case .frameReceived(let received) = event {
            octets = received.frame
            frame = try? RangingFrame(decoding: received.frame)
            if frame == nil, chip == 0 {
                droppedFrames.count(.malformed)
            }
        }
        if chip == 0 {
            idleListening = false
            if case .transmitted = event {
                transmitting = false
            }
        }
        // What the frame says of the air counts even when its time cannot be trusted (another
        // pair's STS never matches this radio's); a round gets only frames it can use.
        let screenedEvent = screened(event, fromChip: chip, frame: frame)
        let addressed = frame.flatMap { frame in links.values.first { (try? $0.link.check(frame)) != nil } }
        if chip == 0, addressed == nil {
            noteAir(event, frame: frame)
        }
        if case .receiveFailed = screenedEvent, case .frameReceived = event {
            frame = nil
        }
        var ended: ScheduledLink?
        var target: StateMachineRunner?
        switch owner {
        case .group:
            target = groupLoop
        case .responder(let id):
            target = links[id]?.loop
        case nil:
            if let frame, case .groupPoll(let entries) = frame.message, let named = respondingLink(namedIn: frame) {
                if chip == 0 {
                    let round = GroupRoundSchedule(responders: entries.count, timing: timing).endAfterPoll.duration
                    take(.responder(named.id), holdingFor: watchdogLimit(round))
                    groupResponder = named.id
                }
                target = named.loop
            } else if let addressed, let frame {
                if chip == 0, frame.message == .goodbye {
                    ended = (try? addressed.link.authenticate(frame, octets: octets)) == nil ? nil : addressed
                } else if chip == 0, addressed.role == .responder, frame.message == .poll {
                    take(.responder(addressed.id), holdingFor: watchdogLimit(timing.longestRound))
                    target = addressed.loop
                } else if let loop = addressed.loop {
                    target = loop
                } else {
                    // An initiator link between rounds awaits nothing: its frame is checked only
                    // so that a forged or replayed one is counted.
                    _ = try? addressed.link.authenticate(frame, octets: octets)
                    target = groupLoop
                }
            } else if chip > 0, let type = frame?.message.type, type == .groupPoll || type == .groupFinal,
                      let id = groupResponder {
                target = links[id]?.loop
            }
        }
        if let target {
            target.handle(screenedEvent, fromChip: chip)
        } else if chip > 0, transceivers.indices.contains(chip) {
            perform { () throws(TransceiverError) in try transceivers[chip].enableReceiver(.untilTurnedOff) }
        }
        ended?.handlers.peerEnded()
        settle()
    }

    /// `event` as a round may use it: with an STS configured, screened by
    /// ``SecureTimestampCheck/screened(_:)``, a frame that fails counted (on chip 0) and, if it is
    /// a genuine POLL, its frame counter learnt (``learnCounters(from:octets:)``); unchanged without an
    /// STS, and for a GOODBYE (`frame`, if it decoded), whose time nobody uses and whose STS
    /// belongs to no round.
    private func screened(_ event: TransceiverEvent, fromChip chip: Int, frame: RangingFrame?) -> TransceiverEvent {
        guard secureTimestamps != nil, frame?.message != .goodbye else { return event }
        let (screened, rejection) = SecureTimestampCheck.screened(event)
        if let rejection, chip == 0, case .frameReceived(let received) = event {
            droppedFrames.count(FrameRejection(rejection))
            if let frame {
                learnCounters(from: frame, octets: received.frame)
            }
        }
        return screened
    }

    /// Accepts the frame counter of a genuine POLL whose time of arrival failed its check, without
    /// using its time: a responder link that missed a round expected this POLL with an older STS
    /// counter, and the authenticated frame counter sets it right for the next one
    /// (``SecureTimestampRound``). A forged or replayed POLL fails its MIC or counter check and
    /// changes nothing.
    private func learnCounters(from frame: RangingFrame, octets: [UInt8]) {
        if case .groupPoll(let entries) = frame.message, let named = respondingLink(namedIn: frame),
           let slot = entries.firstIndex(of: GroupPollEntry(session: named.link.session, responder: named.link.localAddress)) {
            _ = try? named.link.authenticate(frame, octets: octets, slot: slot)
        } else if frame.message == .poll,
                  let named = links.values.first(where: { $0.role == .responder && (try? $0.link.check(frame)) != nil }) {
            _ = try? named.link.authenticate(frame, octets: octets)
        }
    }

    /// The responder link a group POLL names, if any.
    private func respondingLink(namedIn frame: RangingFrame) -> ScheduledLink? {
        guard case .groupPoll(let entries) = frame.message else { return nil }
        return links.values.first { link in
            link.role == .responder && link.link.pan == frame.pan
                && entries.contains(GroupPollEntry(session: link.link.session, responder: link.link.localAddress))
        }
    }

    // MARK: The air

    /// Notes how long a frame heard on chip 0 (or a failed reception) says the air stays taken.
    private func noteAir(_ event: TransceiverEvent, frame: RangingFrame?) {
        guard var access else { return }
        let time = now()
        let due = earliestDue
        switch event {
        case .frameReceived(let received):
            let length = received.frame.count + RangingFrameFormat.frameCheckSequenceLength
            let airtime = timing.airtime(frameLength: length)
            let tail = airtime - timing.synchronisationHeader
            let end = frame.flatMap { remainingRound(after: $0.message) }.map { time + ($0 - tail).duration }
            access.reserve(until: end ?? time + access.quietGap, heardFrom: time - airtime.duration, due: due)
        case .receiveFailed:
            access.reserve(until: time + access.quietGap, heardFrom: time, due: due)
        case .receiveTimeout, .transmitted:
            return
        }
        self.access = access
    }

    /// How long after its RMARKER a frame's round holds the air, where the frame says: group
    /// frames by their schedule, two-party POLL and FINAL by the reply delays still to come.
    private func remainingRound(after message: RangingMessage) -> DeviceDuration? {
        let report = timing.airtime(.report) - timing.synchronisationHeader
        switch message {
        case .groupPoll(let entries):
            return GroupRoundSchedule(responders: entries.count, timing: timing).endAfterPoll
        case .groupFinal(_, _, let responses):
            return GroupRoundSchedule(responders: responses.count, timing: timing).endAfterFinal
        case .poll:
            return timing.replyDelay * 3 + report
        case .final:
            return timing.replyDelay + report
        case .response, .report, .goodbye:
            return nil
        }
    }

    /// When the earliest initiator link is due, if there is one.
    private var earliestDue: Duration? {
        links.values.compactMap { $0.role == .initiator ? $0.next : nil }.min()
    }

    // MARK: Links

    private var primary: any Transceiver { transceivers[0] }

    private func makeIdentifier(for link: RangingLink) -> LinkID {
        if access == nil {
            access = ChannelAccess(
                timing: timing, now: now(), seed: UInt64(link.session.rawValue) << 16 | UInt64(link.localAddress))
        }
        defer { nextIdentifier += 1 }
        return LinkID(rawValue: nextIdentifier)
    }

    private func makeLoop(
        _ machine: RangingStateMachine, completed: @escaping (CompletedRound) -> Void,
        failed: @escaping (RangingFailure) -> Void, radioError: @escaping (TransceiverError) -> Void
    ) -> StateMachineRunner {
        StateMachineRunner(
            machine: machine, transceivers: transceivers,
            schedule: { [weak self] delay, action in
                self?.schedule(delay) { [weak self] in
                    action()
                    self?.settle()
                }
            },
            onCompleted: completed, onFailure: failed, onRadioError: radioError,
            onTransmitScheduled: { [weak self] _ in self?.transmitting = true })
    }

    private func makeGroupLoop() -> StateMachineRunner {
        makeLoop(groupInitiator) { [weak self] round in
            self?.groupOutcome(session: round.session, round: round.round, answered: true) { $0.completed(round) }
        } failed: { [weak self] failure in
            let answered = failure.kind != .timeout(awaiting: .response)
            self?.groupOutcome(session: failure.session, round: failure.round, answered: answered) { $0.failed(failure) }
        } radioError: { [weak self] error in
            guard let self, case .group = self.owner else { return }
            self.radioError(error, releasing: self.owner)
        }
    }

    /// One link of a group round has its outcome: its handler hears it (if the link is still
    /// here); for the round that holds the radio, the last outcome frees it. (A round the
    /// watchdog gave up on reports its links abandoned when the next one starts.)
    private func groupOutcome(session: SessionIdentifier, round: UInt16, answered: Bool, report: (Handlers) -> Void) {
        if let link = links.values.first(where: { $0.role == .initiator && $0.link.session == session }) {
            report(link.handlers)
        }
        guard case .group(let held, let members, let outstanding, let wasAnswered) = owner, held == round,
              members[session] != nil
        else { return }
        if outstanding > 1 {
            owner = .group(round: held, members: members, outstanding: outstanding - 1, answered: wasAnswered || answered)
        } else {
            owner = nil
            access?.roundEnded(answered: wasAnswered || answered, at: now())
        }
    }

    /// Gives the radio to `holder` and arms a watchdog that takes it back after `limit`.
    private func take(_ holder: Owner, holdingFor limit: Duration) {
        owner = holder
        ownership += 1
        let held = ownership
        schedule(Self.wholeNanoseconds(limit)) { [weak self] in
            guard let self, self.ownership == held, self.owner != nil else { return }
            self.owner = nil
            self.transmitting = false
            self.settle()
        }
    }

    /// How long a round planned to last `round` may hold the radio before the watchdog takes it
    /// back: four times the longer of that and the longest two-party round with its retries. A
    /// safety net for a round whose ending event never comes, generous because a loop on the wall
    /// clock may run late (a USB board, or an emulated one slowed down for tests).
    private func watchdogLimit(_ round: Duration) -> Duration {
        max(round, timing.longestRound) * 4
    }

    /// Frees the radio if `holder` holds it.
    private func release(_ holder: Owner?) {
        switch (owner, holder) {
        case (.responder(let held), .responder(let releasing)) where held == releasing:
            owner = nil
        case (.group, .group):
            owner = nil
        default:
            break
        }
    }

    // MARK: The idle radio

    /// When nobody holds the radio: sends a waiting GOODBYE once the air is free, or starts a
    /// group round when the air lets it, or listens and sets a timer for what comes next.
    private func settle() {
        guard !settling else { return }
        settling = true
        defer { settling = false }
        while !hasFailed, owner == nil, !transmitting {
            let time = now()
            var wakeTime: Duration?
            if let frame = goodbyes.first {
                let free = access?.busyUntil ?? time
                if free <= time {
                    goodbyes.removeFirst()
                    stopListening()
                    guard !hasFailed else { return }
                    perform { () throws(TransceiverError) in
                        try primary.transmitImmediately(frame, awaiting: nil)
                        transmitting = true
                    }
                    continue
                }
                wakeTime = free
            }
            if let due = earliestDue, var access {
                if due <= time {
                    let start = access.start(due: due, now: time)
                    self.access = access
                    if start <= time {
                        startGroupRound(at: time)
                        continue
                    }
                    wakeTime = min(wakeTime ?? start, start)
                } else {
                    wakeTime = min(wakeTime ?? due, due)
                }
            }
            listen()
            wake(at: wakeTime)
            return
        }
    }

    /// Starts a group round for the initiator links due at `time` and those due within a quarter
    /// of their interval, most overdue first, at most ``maximumGroupSize``.
    private func startGroupRound(at time: Duration) {
        let members = links.values
            .filter { link in link.interval.map { link.next <= time + $0 / 4 } ?? false }
            .sorted { ($0.next, $0.id.rawValue) < ($1.next, $1.id.rawValue) }
            .prefix(maximumGroupSize)
        guard let loop = groupLoop, !members.isEmpty else { return }
        let late = max(time - (earliestDue ?? time), .zero)
        lateness = Self.wholeNanoseconds(lateness * 0.75 + late * 0.25)
        for member in members {
            member.next = time + (member.interval ?? .zero)
        }
        let schedule = GroupRoundSchedule(responders: members.count, timing: timing)
        // The listening margin covers the grid and antenna delays the schedule leaves out.
        let holds = (timing.startDelay + schedule.endAfterPoll + timing.listenMargin).duration
        access?.started(holdingUntil: time + holds)
        stopListening()
        guard !hasFailed else { return }
        take(.group(
            round: groupInitiator.round &+ 1,
            members: Dictionary(members.map { ($0.link.session, $0.id) }, uniquingKeysWith: { first, _ in first }),
            outstanding: members.count, answered: false),
             holdingFor: watchdogLimit(holds))
        groupInitiator.links = members.map(\.link)
        loop.start()
    }

    /// Turns the receiver on for any frame, starting the responder links that have not listened yet.
    private func listen() {
        guard !links.isEmpty else {
            if idleListening {
                stopListening()
            }
            return
        }
        guard !idleListening else { return }
        idleListening = true
        let unstarted = links.values.filter { $0.role == .responder && !$0.started }
        for link in unstarted {
            link.started = true
            link.loop?.start()
        }
        if unstarted.isEmpty {
            perform { () throws(TransceiverError) in
                try loadExpectedPoll()
                try primary.enableReceiver(.untilTurnedOff)
            }
        }
    }

    /// With an STS, loads the STS of the POLL a secured responder link expects next (a radio
    /// with an STS has one link): the frame the idle receiver most needs to time.
    private func loadExpectedPoll() throws(TransceiverError) {
        guard secureTimestamps != nil,
              let expected = links.values.first(where: { $0.role == .responder })?.link.protection?.expectedPollFrameCounter
        else { return }
        try transceivers.loadSecureTimestampSequence(frame: expected)
    }

    /// Turns chip 0 off before it transmits: it cannot send while it receives.
    private func stopListening() {
        idleListening = false
        perform { () throws(TransceiverError) in try primary.turnOff() }
    }

    /// Comes back at `time`, if any (rounded up to a whole nanosecond, which every loop's timer
    /// resolves), replacing the previous wake-up.
    private func wake(at time: Duration?) {
        wakeGeneration += 1
        guard let time else { return }
        let generation = wakeGeneration
        schedule(Self.wholeNanoseconds(max(time - now(), .zero))) { [weak self] in
            guard let self, generation == self.wakeGeneration else { return }
            self.settle()
        }
    }

    /// `duration` rounded up to a whole nanosecond: a loop's timer may resolve no finer, and one
    /// that fired a fraction of a nanosecond before its time would find nothing due.
    static func wholeNanoseconds(_ duration: Duration) -> Duration {
        .nanoseconds(Int64((duration / .nanoseconds(1)).rounded(.up)))
    }

    // MARK: Errors

    private func perform(_ body: () throws(TransceiverError) -> Void) {
        do {
            try body()
        } catch {
            radioError(error, releasing: nil)
        }
    }

    /// A lost radio stops everything; any other error ends the round of the holder that met it.
    private func radioError(_ error: TransceiverError, releasing holder: Owner?) {
        guard !hasFailed else { return }
        if error.meansRadioLost {
            hasFailed = true
            owner = nil
            onRadioFailure(error)
            return
        }
        release(holder)
    }
}
