import Foundation
import Synchronization
import UWBCore
import UWBDevices
import UWBRanging

/// Owns one radio and runs every session of the process on it: the device service.
///
/// The service runs on the radio's loop (``RadioHost``): a ``RangingScheduler`` shares the radio
/// among the sessions' links, each session's role and ranging session id come from its two tokens
/// (the smaller token identifier initiates; see `Docs/nearby-interaction.md`), and a radio that
/// fails invalidates every session with ``NIError/Code/sessionFailed``. Sessions call it from any
/// thread; their calls reach the loop through ``RadioHost/post(_:)``, and the loop's results reach
/// the sessions' delegate queues and event sequences.
///
/// `NISession()` uses the process's service: the one given to ``withDefault(_:operation:)`` for
/// the current task, else the one set with ``setDefault(_:)``, else one on the radio `UWB_DEVICE`
/// names (``RadioChoice``). `NISession(device:)` takes a service explicitly.
///
/// Suspension: Linux has no app lifecycle, so an app calls ``suspendSessions()`` where an iOS app
/// would go to the background and ``endSuspension()`` where it would come back.
///
/// `@unchecked Sendable`: the members marked "loop only" are used only on the radio's loop, and the
/// rest is immutable or behind ``ledger``'s mutex.
public final class DeviceService: @unchecked Sendable {
    /// The radio the service owns.
    public let radio: any RadioHost
    /// How the service runs its sessions.
    public let settings: DeviceServiceSettings
    /// What the radio can measure.
    public let capabilities: NIRadioCapability
    /// The shortest and longest update intervals a session may run: at least twice the longest
    /// ranging round on this radio, at most a third of the removal timeout.
    public let updateIntervals: ClosedRange<Duration>
    /// The interval of a configuration that sets none: ``preferredUpdateInterval`` (100 ms) where
    /// the radio keeps it, else the shortest it keeps (a USB board: about 240 ms).
    public var defaultUpdateInterval: Duration {
        min(max(Self.preferredUpdateInterval, updateIntervals.lowerBound), updateIntervals.upperBound)
    }
    /// The interval a session ranges at when its configuration sets none and the radio keeps it:
    /// 100 ms, ten updates a second.
    public static let preferredUpdateInterval: Duration = .milliseconds(100)

    /// The frames this device dropped unused since it started, by reason: frames that are not
    /// ranging frames, and its sessions' frames that failed their security (a forged or
    /// corrupted MIC, a replayed counter, a wrong key or peer, a plain frame). None of them was
    /// used for a distance. A swift-uwb extension; safe to read from any thread.
    public var rejectedFrames: [FrameRejection: Int] {
        ledger.withLock { $0.rejections }.merging(malformedFrames.counts, uniquingKeysWith: +)
    }

    /// The tokens this service issued, and where new ones come from.
    private let ledger: Mutex<TokenLedger>
    /// What the scheduler drops before any session sees it.
    private let malformedFrames = FrameRejectionTally()
    private let timing: RangingTiming
    private let array: AntennaArray?
    /// Passes the radio's events here without the radio keeping the service alive.
    private let events: RadioEvents

    // Loop only.
    private var scheduler: RangingScheduler?
    private var sessions: [TokenIdentifier: ServiceSession] = [:]
    private var isSuspended = false
    private var failure: NIError?

    /// A service on `radio`.
    public init(radio: any RadioHost, settings: DeviceServiceSettings = DeviceServiceSettings()) {
        self.radio = radio
        self.settings = settings
        let array = radio.board.coherentReceivers > 1
            ? try? AntennaArray(board: radio.board, channel: radio.configuration.channel) : nil
        self.array = array
        capabilities = NIRadioCapability(coherentReceivers: array == nil ? 1 : radio.board.coherentReceivers)
        timing = settings.timing
            ?? (radio.kind == .usb ? .usb(for: radio.configuration) : .emulator(for: radio.configuration))
        let shortest = timing.longestRound * 2
        updateIntervals = shortest...max(shortest, settings.removalTimeout / 3)
        ledger = Mutex(TokenLedger(seed: settings.tokenSeed))
        events = RadioEvents()
        events.service = self
        let events = events
        radio.post { [radio] in radio.attach(events) }
    }

    // MARK: Any thread

    /// Suspends every session that runs or is paused, as iOS does when an app goes to the
    /// background: each gets ``NISessionDelegate/sessionWasSuspended(_:)`` and stops ranging (its
    /// peer times out). Sessions run during the suspension are suspended at once.
    public func suspendSessions() {
        onLoop { $0.suspend() }
    }

    /// Ends a suspension: each suspended session gets ``NISessionDelegate/sessionSuspensionEnded(_:)``
    /// and ranges again only when its app calls `run`.
    public func endSuspension() {
        onLoop { $0.resume() }
    }

    /// A token for a new session of this device.
    func issueToken() -> NIDiscoveryToken {
        ledger.withLock { $0.issue(capabilities: capabilities) }
    }

    /// Whether this service issued `token` (to any of its sessions, past or present).
    func issued(_ token: NIDiscoveryToken) -> Bool {
        ledger.withLock { $0.contains(token.content.identifier) }
    }

    /// The keys and counters of the session of `token` with `peer` (``TokenLedger/protection(of:with:role:)``).
    func protection(of token: NIDiscoveryToken, with peer: NIDiscoveryToken, role: RangingRole) -> Result<LinkProtection, NIError> {
        ledger.withLock { ledger in Result { () throws(NIError) in try ledger.protection(of: token, with: peer, role: role) } }
    }

    /// Runs `work` on the radio's loop.
    func onLoop(_ work: @escaping @Sendable (DeviceService) -> Void) {
        radio.post { [self] in work(self) }
    }

    // MARK: Loop only: sessions

    /// Runs the session with `token` with `peer` (the session has checked the configuration).
    func run(_ session: NISession, token: NIDiscoveryToken, peer: NIDiscoveryToken, pairing: SessionPairing, interval: Duration) {
        if let failure {
            session.deliver(.didInvalidate(failure))
            return
        }
        let record = sessions[token.content.identifier] ?? ServiceSession(token: token, owner: session)
        stopLink(of: record, sayingGoodbye: false)
        sessions[token.content.identifier] = record
        guard !isSuspended else {
            record.state = .suspended
            session.deliver(.wasSuspended)
            return
        }
        if sessions.values.contains(where: { $0 !== record && $0.state == .running && $0.peer == peer }) {
            invalidate(record, NIError(.invalidConfiguration, detail: "another session of this device already ranges with \(peer)"))
            return
        }
        let running = sessions.values.filter { $0 !== record && $0.state == .running }.count
        guard running < settings.maximumSessions else {
            invalidate(record, NIError(
                .activeSessionsLimitExceeded,
                detail: "\(running) sessions already run on \(radio.name), the most it takes (DeviceServiceSettings.maximumSessions)"))
            return
        }
        startLink(of: record, peer: peer, pairing: pairing, interval: interval)
        session.deliver(.didStartRunning)
    }

    /// Stops the session's ranging; the token stays valid for the next `run`.
    func pause(_ token: NIDiscoveryToken) {
        guard let record = sessions[token.content.identifier], record.state != .suspended else { return }
        stopLink(of: record, sayingGoodbye: false)
        record.state = .paused
    }

    /// Ends the session and says goodbye to its peer; its keys are retired after the goodbye.
    func invalidate(_ token: NIDiscoveryToken) {
        defer { ledger.withLock { $0.retire(token.content.identifier) } }
        guard let record = sessions.removeValue(forKey: token.content.identifier) else { return }
        if record.link != nil {
            stopLink(of: record, sayingGoodbye: true)
        } else if let pairing = record.pairing {
            scheduler?.sayGoodbye(on: pairing.link)
        }
    }

    private func invalidate(_ record: ServiceSession, _ error: NIError) {
        stopLink(of: record, sayingGoodbye: false)
        sessions[record.token.content.identifier] = nil
        ledger.withLock { $0.retire(record.token.content.identifier) }
        record.owner?.deliver(.didInvalidate(error))
    }

    private func suspend() {
        isSuspended = true
        for record in sessions.values where record.state != .suspended {
            stopLink(of: record, sayingGoodbye: false)
            record.state = .suspended
            record.owner?.deliver(.wasSuspended)
        }
    }

    private func resume() {
        guard isSuspended else { return }
        isSuspended = false
        for record in sessions.values where record.state == .suspended {
            record.state = .paused
            record.owner?.deliver(.suspensionEnded)
        }
    }

    // MARK: Loop only: links

    private func startLink(of record: ServiceSession, peer: NIDiscoveryToken, pairing: SessionPairing, interval: Duration) {
        let scheduler = self.scheduler ?? makeScheduler()
        let builder = MeasurementBuilder(configuration: radio.configuration, array: array, fieldOfView: settings.fieldOfView)
        let handlers = RangingScheduler.Handlers(
            completed: { [weak self, weak record] round in
                guard let self, let record else { return }
                self.completed(round, of: record, builder: builder)
            },
            failed: { _ in },
            peerEnded: { [weak self, weak record] in
                guard let self, let record else { return }
                self.remove(record, reason: .peerEnded)
            })
        record.peer = peer
        record.pairing = pairing
        record.state = .running
        record.lastObject = nil
        record.recentInterval = nil
        record.lastContact = radio.now
        record.link = pairing.role == .initiator
            ? scheduler.addInitiator(pairing.link, interval: interval, handlers: handlers)
            : scheduler.addResponder(pairing.link, handlers: handlers)
        supervise(record, interval: interval)
    }

    private func stopLink(of record: ServiceSession, sayingGoodbye: Bool) {
        record.supervision += 1
        guard let link = record.link else { return }
        record.link = nil
        scheduler?.remove(link, sayingGoodbye: sayingGoodbye)
    }

    private func makeScheduler() -> RangingScheduler {
        let transceivers = radio.transceivers
        let clock = transceivers.first.map { TransmitClock(board: radio.board, capabilities: $0.capabilities) }
            ?? TransmitClock(granularity: .zero, antennaDelay: .zero)
        let scheduler = RangingScheduler(
            transceivers: transceivers, timing: timing, transmitClock: clock,
            schedule: { [radio] delay, action in radio.schedule(after: delay, action) },
            now: { [radio] in radio.now },
            onRadioFailure: { [weak self] error in self?.radioFailed(error) }, malformedFrames: malformedFrames)
        self.scheduler = scheduler
        return scheduler
    }

    private func completed(_ round: CompletedRound, of record: ServiceSession, builder: MeasurementBuilder) {
        guard record.state == .running, let peer = record.peer else { return }
        // The first measurement after `run` counts the wait since the run as its interval.
        let waited = radio.now - record.lastContact
        record.lastContact = radio.now
        let measurement = builder.measurement(of: round, at: radio.now)
        record.measured(after: measurement.interval ?? waited)
        let object = NINearbyObject(measurement: measurement, peer: peer, capabilities: capabilities)
        guard object.distance != nil else { return }
        record.lastObject = object
        record.owner?.deliver(.didUpdate(object, measurement: measurement))
    }

    /// Ends ranging with the peer and tells the app; `run` starts it again.
    private func remove(_ record: ServiceSession, reason: NINearbyObject.RemovalReason) {
        guard record.state == .running, let peer = record.peer else { return }
        stopLink(of: record, sayingGoodbye: false)
        record.state = .removed
        let object = record.lastObject
            ?? NINearbyObject(discoveryToken: peer, distance: nil, direction: nil, horizontalAngle: nil)
        record.owner?.deliver(.didRemove(object, reason: reason))
    }

    /// Removes the peer with ``NINearbyObject/RemovalReason/timeout`` once it has gone unmeasured
    /// for ``silenceLimit(of:requested:)``, counted from its last measurement (a peer never
    /// measured is waited for indefinitely, as a peer whose app has not started yet: it is checked
    /// again every removal timeout).
    private func supervise(_ record: ServiceSession, interval: Duration) {
        let generation = record.supervision
        let limit = silenceLimit(of: record, requested: interval)
        let due = (record.lastObject == nil ? radio.now : record.lastContact) + limit
        radio.schedule(after: max(due - radio.now, .zero)) { [weak self, weak record] in
            guard let self, let record, record.supervision == generation, record.state == .running else { return }
            if record.lastObject != nil, self.radio.now - record.lastContact >= self.silenceLimit(of: record, requested: interval) {
                self.remove(record, reason: .timeout)
            } else {
                self.supervise(record, interval: interval)
            }
        }
    }

    /// How long `record`'s measured peer may go unmeasured before it is removed: the removal
    /// timeout, lengthened by ``silentIntervals`` times how much longer than `requested` the pair's
    /// recent update interval is, as far as this device's own rounds have recently started late
    /// for want of air (``RangingScheduler/lateness``). A pair that ranges as often as asked, or
    /// whose rounds fail on a free air (a peer walking away), keeps the removal timeout; one that
    /// the busy air lets range only slowly is not removed for lack of airtime. In whole
    /// milliseconds, so that a timer set for it finds it passed when it fires.
    private func silenceLimit(of record: ServiceSession, requested: Duration) -> Duration {
        let excess = max((record.recentInterval ?? requested) - requested, .zero)
        let stretch = min(excess, scheduler?.lateness ?? .zero) * Self.silentIntervals
        return .milliseconds(Int64(((settings.removalTimeout + stretch) / .milliseconds(1)).rounded(.up)))
    }

    /// How many times over the air's share of a pair's slowness lengthens the removal timeout: 5.
    static let silentIntervals = 5

    // MARK: Loop only: the radio

    fileprivate func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        scheduler?.handle(event, fromChip: chip)
    }

    fileprivate func radio(failed error: TransceiverError) {
        guard error.meansRadioLost else { return }
        radioFailed(error)
    }

    private func radioFailed(_ error: TransceiverError) {
        guard failure == nil else { return }
        let failure = NIError(.sessionFailed, detail: "the radio \(radio.name) failed: \(error)")
        self.failure = failure
        let records = Array(sessions.values)
        sessions.removeAll()
        for record in records {
            record.supervision += 1
            record.owner?.deliver(.didInvalidate(failure))
        }
    }
}

/// Receives a radio's events for a ``DeviceService`` it does not keep alive. `@unchecked Sendable`:
/// it is handed to the loop once and used only there.
private final class RadioEvents: RadioEventHandler, @unchecked Sendable {
    weak var service: DeviceService?

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        service?.radio(event, fromChip: chip)
    }

    func radio(failed error: TransceiverError, onChip chip: Int) {
        service?.radio(failed: error)
    }
}
