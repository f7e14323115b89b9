import UWBCore

/// Shares one radio among several ranging links: the device's session scheduler.
///
/// Each link runs an ``Initiator`` or a ``Responder`` through its own ``RadioLoop``. At any moment
/// at most one link owns the radio: an initiator from the start of its round until it completes or
/// fails, a responder from the POLL it answers until its round completes or fails. While nobody owns
/// it the radio listens, so POLLs for any responder link and GOODBYEs for any link are heard; rounds
/// of initiator links start when their time comes, every ``addInitiator(_:interval:handlers:)``
/// interval give or take a few per cent (a jitter drawn from the session id, so that two pairs that
/// collide once do not collide forever).
///
/// Like ``RadioLoop``, the scheduler owns no thread and reads no clock but the one it is given:
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
        /// A round failed on this side (an initiator: after its retries).
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

    /// How far round starts stray from the nominal interval, either way: 5 %.
    public static let intervalJitter = 0.05
    /// When a GOODBYE is sent again after the first: 3 ms and 7 ms later, longer than a round's
    /// exchange on the emulator (about 1 ms), so a peer busy with another round hears one of them.
    public static let goodbyeRepeats: [Duration] = [.milliseconds(3), .milliseconds(7)]

    /// The timing every link uses.
    public let timing: RangingTiming
    /// Whether the radio failed; a failed scheduler does nothing more.
    public private(set) var hasFailed = false

    private let transceivers: [any Transceiver]
    private let transmitClock: TransmitClock
    private let schedule: RadioLoop.Scheduler
    private let now: () -> Duration
    private let onRadioFailure: (TransceiverError) -> Void

    private var links: [LinkID: ScheduledLink] = [:]
    private var nextIdentifier = 0
    /// The link that holds the radio, if any.
    private var owner: LinkID?
    /// Counts ownerships, so a watchdog armed for one does not end the next.
    private var ownership = 0
    /// Whether a frame is scheduled on chip 0 and its TX-done event has not come yet.
    private var transmitting = false
    /// Whether the scheduler itself turned chip 0's receiver on and nothing has happened there since.
    private var idleListening = false
    /// GOODBYE frames waiting for the radio.
    private var goodbyes: [[UInt8]] = []
    private var wakeGeneration = 0
    private var settling = false

    /// A scheduler for a board's transceivers (the first sends and receives; the others only receive).
    ///
    /// - Parameters:
    ///   - transmitClock: the first chip's delayed-TX grid and TX antenna delay.
    ///   - schedule: runs work after a delay on the radio loop.
    ///   - now: the loop's monotonic clock, which times the rounds.
    ///   - onRadioFailure: called once when the radio fails for good.
    public init(
        transceivers: [any Transceiver], timing: RangingTiming, transmitClock: TransmitClock,
        schedule: @escaping RadioLoop.Scheduler, now: @escaping () -> Duration,
        onRadioFailure: @escaping (TransceiverError) -> Void
    ) {
        self.transceivers = transceivers
        self.timing = timing
        self.transmitClock = transmitClock
        self.schedule = schedule
        self.now = now
        self.onRadioFailure = onRadioFailure
    }

    /// Adds a link on which this device initiates a round every `interval`, the first one about
    /// one interval from now (jittered like the others).
    public func addInitiator(_ link: RangingLink, interval: Duration, handlers: Handlers) -> LinkID {
        let machine = Initiator(
            session: link.session, localAddress: link.localAddress, peerAddress: link.peerAddress, pan: link.pan,
            timing: timing, transmitClock: transmitClock, receivers: transceivers.count)
        let jitter = SeededRandom(seed: UInt64(link.session.rawValue) << 16 | UInt64(link.localAddress))
        return add(link, machine: machine, handlers: handlers) { id in
            ScheduledLink(id: id, link: link, role: .initiator, handlers: handlers,
                          rounds: RoundPlan(interval: interval, next: self.now(), jitter: jitter))
        }
    }

    /// Adds a link on which this device answers the peer's rounds.
    public func addResponder(_ link: RangingLink, handlers: Handlers) -> LinkID {
        let machine = Responder(
            session: link.session, localAddress: link.localAddress, peerAddress: link.peerAddress, pan: link.pan,
            timing: timing, transmitClock: transmitClock, receivers: transceivers.count,
            timeOfFlight: ReportedTimeOfFlight.doubleSided)
        return add(link, machine: machine, handlers: handlers) { id in
            ScheduledLink(id: id, link: link, role: .responder, handlers: handlers, rounds: nil)
        }
    }

    /// Removes a link, aborting its round if it holds the radio; with `sayingGoodbye`, sends the
    /// peer a GOODBYE as soon as the radio is free, and twice more (``goodbyeRepeats``).
    public func remove(_ id: LinkID, sayingGoodbye: Bool) {
        guard let removed = links.removeValue(forKey: id) else { return }
        if sayingGoodbye {
            queueGoodbye(on: removed.link)
        }
        if owner == id {
            owner = nil
            transmitting = false
            perform { () throws(TransceiverError) in try primary.turnOff() }
        }
        settle()
    }

    /// Sends a GOODBYE on `link` as soon as the radio is free, and twice more
    /// (``goodbyeRepeats``): for a session that ends while it has no link here (a paused one).
    public func sayGoodbye(on link: RangingLink) {
        queueGoodbye(on: link)
        settle()
    }

    /// Queues the GOODBYE now and again after each of ``goodbyeRepeats``: a peer whose radio is
    /// busy sending when one arrives hears a later one. A peer that heard one has removed the link
    /// and ignores the rest.
    private func queueGoodbye(on link: RangingLink) {
        guard let frame = try? link.frame(round: 0, message: .goodbye).encoded() else { return }
        goodbyes.append(frame)
        for delay in Self.goodbyeRepeats {
            schedule(delay) { [weak self] in
                self?.goodbyes.append(frame)
                self?.settle()
            }
        }
    }

    /// Hands an event of chip `chip` to the link it concerns, then starts whatever is due.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int) {
        guard !hasFailed else { return }
        if chip == 0 {
            idleListening = false
            if case .transmitted = event {
                transmitting = false
            }
        }
        var ended: ScheduledLink?
        var target = owner.flatMap { links[$0] }
        if case .frameReceived(let received) = event, let frame = try? RangingFrame(decoding: received.frame),
           let addressed = links.values.first(where: { (try? $0.link.check(frame)) != nil }) {
            if chip == 0, frame.message == .goodbye {
                ended = addressed
            } else if owner == nil, chip == 0, addressed.role == .responder, frame.message == .poll {
                take(for: addressed.id)
                target = addressed
            } else if owner == nil {
                target = addressed
            }
        }
        if let target {
            target.loop?.handle(event, fromChip: chip)
        } else if chip > 0, transceivers.indices.contains(chip) {
            perform { () throws(TransceiverError) in try transceivers[chip].enableReceiver(.untilTurnedOff) }
        }
        ended?.handlers.peerEnded()
        settle()
    }

    // MARK: Links

    private var primary: any Transceiver { transceivers[0] }

    private func add(
        _ link: RangingLink, machine: some RangingStateMachine, handlers: Handlers,
        make: (LinkID) -> ScheduledLink
    ) -> LinkID {
        let id = LinkID(rawValue: nextIdentifier)
        nextIdentifier += 1
        let entry = make(id)
        entry.rounds?.advance(after: now())
        entry.loop = RadioLoop(
            machine: machine, transceivers: transceivers,
            schedule: { [weak self] delay, action in
                self?.schedule(delay) { [weak self] in
                    action()
                    self?.settle()
                }
            },
            onCompleted: { [weak self] round in
                self?.release(id)
                handlers.completed(round)
            },
            onFailure: { [weak self] failure in
                if failure.kind != .abandoned {
                    self?.release(id)
                }
                handlers.failed(failure)
            },
            onRadioError: { [weak self] error in self?.radioError(error, link: id) },
            onTransmitScheduled: { [weak self] _ in self?.transmitting = true })
        links[id] = entry
        settle()
        return id
    }

    /// Gives the radio to `id` and arms a watchdog that takes it back if the round never ends.
    private func take(for id: LinkID) {
        owner = id
        ownership += 1
        let held = ownership
        schedule(timing.longestRound + timing.longestRound) { [weak self] in
            guard let self, self.owner == id, self.ownership == held else { return }
            self.owner = nil
            self.transmitting = false
            self.settle()
        }
    }

    /// Frees the radio if `id` holds it.
    private func release(_ id: LinkID) {
        if owner == id {
            owner = nil
        }
    }

    // MARK: The idle radio

    /// When nobody holds the radio: sends a waiting GOODBYE, or starts a due round, or listens and
    /// sets a timer for the next round.
    private func settle() {
        guard !settling else { return }
        settling = true
        defer { settling = false }
        while !hasFailed, owner == nil, !transmitting {
            if !goodbyes.isEmpty {
                let frame = goodbyes.removeFirst()
                stopListening()
                guard !hasFailed else { return }
                perform { () throws(TransceiverError) in
                    try primary.transmitImmediately(frame, awaiting: nil)
                    transmitting = true
                }
                continue
            }
            let time = now()
            if let due = links.values.filter({ $0.rounds.map { $0.next <= time } ?? false })
                .min(by: { ($0.rounds?.next ?? time) < ($1.rounds?.next ?? time) }) {
                due.rounds?.advance(after: time)
                stopListening()
                guard !hasFailed else { return }
                take(for: due.id)
                due.loop?.start()
                continue
            }
            listen()
            wake(at: links.values.compactMap { $0.rounds?.next }.min())
            return
        }
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
            perform { () throws(TransceiverError) in try primary.enableReceiver(.untilTurnedOff) }
        }
    }

    /// Turns chip 0 off before it transmits: it cannot send while it receives.
    private func stopListening() {
        idleListening = false
        perform { () throws(TransceiverError) in try primary.turnOff() }
    }

    /// Comes back at `time`, if any, replacing the previous wake-up.
    private func wake(at time: Duration?) {
        wakeGeneration += 1
        guard let time else { return }
        let generation = wakeGeneration
        schedule(max(time - now(), .zero)) { [weak self] in
            guard let self, generation == self.wakeGeneration else { return }
            self.settle()
        }
    }

    // MARK: Errors

    private func perform(_ body: () throws(TransceiverError) -> Void) {
        do {
            try body()
        } catch {
            radioError(error, link: nil)
        }
    }

    /// A lost radio stops everything; any other error ends the round of the link that met it.
    private func radioError(_ error: TransceiverError, link: LinkID?) {
        guard !hasFailed else { return }
        if error.meansRadioLost {
            hasFailed = true
            owner = nil
            onRadioFailure(error)
            return
        }
        if let link {
            release(link)
        }
    }
}
