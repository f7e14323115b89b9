import Foundation
import Logging
import Synchronization
import UCIClient
import UWBCore
import UWBPositioning
import UWBRanging

/// Owns one device and runs every session of the process on it: the device service.
///
/// The device is a radio ranged by the project's engine (``init(radio:settings:)``: a
/// ``RangingScheduler`` shares the radio among the sessions' links) or a UCI device that ranges by
/// itself (``init(uciDevice:settings:)``: each session becomes a FiRa session; see `Docs/uci.md`).
/// Each session's role and ranging session id come from its two tokens (the smaller token
/// identifier initiates; see `Docs/nearby-interaction.md`), and a device that fails invalidates
/// every session with ``NIError/Code/sessionFailed``. The service runs on the device's loop
/// (``DeviceLoop``): sessions call it from any thread, their calls reach the loop through
/// ``DeviceLoop/post(_:)``, and the loop's results reach the sessions' delegate queues and event
/// sequences.
///
/// `NISession()` uses the process's service: the one given to ``withDefault(_:operation:)`` for
/// the current task, else the one set with ``setDefault(_:)``, else one on the device `UWB_DEVICE`
/// names (`UWBDevices`' `DeviceChoice`). `NISession(device:)` takes a service explicitly.
///
/// When the device's loop takes measurement reports (``MeasurementReporting``: a device of the
/// emulator service), each update delivered to an app is reported to it at the same instant, so
/// the service's observers see it beside the true distance.
///
/// Suspension: Linux has no app lifecycle, so an app calls ``suspendSessions()`` where an iOS app
/// would go to the background and ``endSuspension()`` where it would come back.
///
/// `@unchecked Sendable`: the members marked "loop only" are used only on the device's loop, and the
/// rest is immutable or behind ``ledger``'s mutex.
public final class DeviceService: @unchecked Sendable {
    /// The radio the service owns; nil when it runs on a UCI device (``uciDevice``).
    public let radio: (any RadioHost)?
    /// The UCI device the service owns; nil when it runs on a radio (``radio``).
    public let uciDevice: UCIDevice?
    /// The device's name, for example `emulator:alice` or `uci:tcp://127.0.0.1:7000`.
    public var deviceName: String { loop.name }
    /// How the service runs its sessions.
    public let settings: DeviceServiceSettings
    /// What the device can measure.
    public let capabilities: NIRadioCapability
    /// The shortest and longest update intervals a session may run: at least twice the longest
    /// ranging round on a radio (on a UCI device, ``UCILinks/shortestInterval``), at most a third
    /// of the removal timeout.
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
        ledger.withLock { $0.rejections }.merging(droppedFrames.counts, uniquingKeysWith: +)
    }

    /// Where the service logs, with the `device` metadata key set (``NearbyInteractionLogging``).
    let logger: Logger
    /// Whether ``logger`` was at `trace` when the service was made: then every measurement is
    /// logged. Asked once, so that a service that does not trace pays one test of a stored flag.
    private let tracesMeasurements: Bool
    /// The tokens this service issued, and where new ones come from.
    private let ledger: Mutex<TokenLedger>
    /// What the scheduler drops before any session sees it.
    private let droppedFrames: FrameRejectionTally
    /// The device's loop: the radio's or the UCI device's.
    private let loop: any DeviceLoop
    /// The loop again when it takes measurement reports (a device of the emulator service's).
    private let reporter: (any MeasurementReporting)?

    /// How sessions range on the device. Loop only.
    let links: any SessionLinks

    // Loop only.
    private var sessions: [TokenIdentifier: ServiceSession] = [:]
    private var isSuspended = false
    private var failure: NIError?

    /// A service on `radio`, ranged by the project's engine, logging to `logger`
    /// (``NearbyInteractionLogging``).
    public convenience init(
        radio: any RadioHost, settings: DeviceServiceSettings = DeviceServiceSettings(),
        logger: Logger = NearbyInteractionLogging.logger()
    ) {
        let droppedFrames = FrameRejectionTally()
        let failure = FailureRelay()
        let links = EngineLinks(radio: radio, settings: settings, droppedFrames: droppedFrames) { failure.report($0) }
        self.init(
            loop: radio, radio: radio, uciDevice: nil, links: links, settings: settings, droppedFrames: droppedFrames,
            logger: logger)
        failure.service = self
        onLoop { $0.links.attach() }
    }

    /// A service on `uciDevice`: each session runs as a FiRa session of the device (see
    /// `Docs/uci.md`, "Sessions on a UCI device"), logging to `logger` (``NearbyInteractionLogging``).
    public convenience init(
        uciDevice: UCIDevice, settings: DeviceServiceSettings = DeviceServiceSettings(),
        logger: Logger = NearbyInteractionLogging.logger()
    ) {
        let failure = FailureRelay()
        let links = UCILinks(device: uciDevice, addressing: settings.uciAddressing) { failure.report($0) }
        self.init(
            loop: uciDevice, radio: nil, uciDevice: uciDevice, links: links, settings: settings,
            droppedFrames: FrameRejectionTally(), logger: logger)
        failure.service = self
        onLoop { $0.links.attach() }
    }

    private init(
        loop: any DeviceLoop, radio: (any RadioHost)?, uciDevice: UCIDevice?, links: any SessionLinks,
        settings: DeviceServiceSettings, droppedFrames: FrameRejectionTally, logger: Logger
    ) {
        var logger = logger
        logger[metadataKey: LogMetadataKey.device] = "\(loop.name)"
        self.logger = logger
        tracesMeasurements = logger.logLevel == .trace
        self.loop = loop
        reporter = loop as? any MeasurementReporting
        self.radio = radio
        self.uciDevice = uciDevice
        self.links = links
        self.settings = settings
        self.droppedFrames = droppedFrames
        capabilities = links.capabilities
        let shortest = links.shortestInterval
        updateIntervals = shortest...max(shortest, settings.removalTimeout / 3)
        ledger = Mutex(TokenLedger(seed: settings.tokenSeed))
    }

    deinit {
        ledger.withLock { $0.releaseAddresses() }
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

    /// `count` random octets from the service's generator (``DeviceServiceSettings/tokenSeed``).
    package func randomOctets(_ count: Int) -> [UInt8] {
        ledger.withLock { $0.randomOctets(count) }
    }

    /// Whether this service issued `token` (to any of its sessions, past or present).
    func issued(_ token: NIDiscoveryToken) -> Bool {
        ledger.withLock { $0.contains(token.content.identifier) }
    }

    /// The keys, counters and STS of the session of `token` with `peer` (``TokenLedger/protection(of:with:role:)``).
    func protection(
        of token: NIDiscoveryToken, with peer: NIDiscoveryToken, role: RangingRole
    ) -> Result<(protection: LinkProtection, secureTimestamps: SecureTimestampConfiguration), NIError> {
        ledger.withLock { ledger in Result { () throws(NIError) in try ledger.protection(of: token, with: peer, role: role) } }
    }

    /// Runs `work` on the device's loop.
    func onLoop(_ work: @escaping @Sendable (DeviceService) -> Void) {
        loop.post { [self] in work(self) }
    }

    /// Runs a delegate call of a session on `queue`, timed by the device's loop
    /// (``DeviceLoop/deliver(on:_:)``). Loop only.
    func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        loop.deliver(on: queue, work)
    }

    // MARK: Loop only: sessions

    /// Runs the session with `token` with `peer` (the session has checked the configuration). An
    /// accessory session first hands its app the `shareable` configuration data for the accessory.
    func run(
        _ session: NISession, token: NIDiscoveryToken, peer: NIDiscoveryToken, pairing: SessionPairing, interval: Duration,
        shareable: Data? = nil
    ) {
        guard let record = admit(session, token: token) else { return }
        if let listener = sessions.values.first(where: { $0 !== record && $0.listensDownlinkTDoA }) {
            invalidate(record, NIError(
                .activeSessionsLimitExceeded,
                detail: "session \(listener.token.content.identifier) listens to DL-TDoA anchors on \(loop.name), which takes the radio; end it first"))
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
                detail: "\(running) sessions already run on \(loop.name), the most it takes (DeviceServiceSettings.maximumSessions)"))
            return
        }
        if let shareable {
            session.deliver(.didGenerateShareableConfigurationData(
                shareable, NINearbyObject(discoveryToken: peer, distance: nil, direction: nil, horizontalAngle: nil)))
        }
        startLink(of: record, peer: peer, pairing: pairing, interval: interval)
        logger.info("session running", metadata: Self.metadata(of: token, ["peer": "\(peer.content.identifier)", "interval": "\(interval)"]))
        session.deliver(.didStartRunning)
    }

    /// Runs the session with `token` as a DL-TDoA listener of `network`'s anchors: the radio hears
    /// their rounds and the session receives every message (``NISession/Event/didUpdateDLTDOA(_:)``).
    /// It takes the radio, so it runs only while no other session runs.
    func runDownlinkTDoA(_ session: NISession, token: NIDiscoveryToken, network: PANIdentifier) {
        guard let record = admit(session, token: token) else { return }
        let others = sessions.values.filter { $0 !== record && $0.state == .running }.count
        guard others == 0 else {
            invalidate(record, NIError(
                .activeSessionsLimitExceeded,
                detail: "\(others) other session\(others == 1 ? "" : "s") run on \(loop.name), and a DL-TDoA session takes the radio; end them first"))
            return
        }
        do {
            try links.listen(
                toDownlinkTDoA: network,
                heard: { [weak record] measurements in
                    guard let record, record.state == .running else { return }
                    record.owner?.deliver(.didUpdateDLTDOA(measurements))
                },
                failed: { [weak self, weak record] error in
                    guard let self, let record, record.listensDownlinkTDoA else { return }
                    self.invalidate(record, error)
                })
        } catch {
            invalidate(record, error)
            return
        }
        record.listensDownlinkTDoA = true
        record.state = .running
        logger.info("session listening to DL-TDoA anchors", metadata: Self.metadata(of: token, ["network": "\(network.rawValue)"]))
        session.deliver(.didStartRunning)
    }

    /// The record of the session with `token`, its link stopped, ready to run: nil when the device
    /// has failed (the session is invalidated) or sessions are suspended (the session is told).
    private func admit(_ session: NISession, token: NIDiscoveryToken) -> ServiceSession? {
        if let failure {
            logger.warning("session refused: the device failed", metadata: Self.metadata(of: token, error: failure))
            session.deliver(.didInvalidate(failure))
            return nil
        }
        let record = sessions[token.content.identifier] ?? ServiceSession(token: token, owner: session)
        stopLink(of: record, sayingGoodbye: false)
        sessions[token.content.identifier] = record
        guard !isSuspended else {
            logger.info("session suspended: sessions of this device are suspended", metadata: Self.metadata(of: token))
            record.state = .suspended
            session.deliver(.wasSuspended)
            return nil
        }
        return record
    }

    /// Stops the session's ranging; the token stays valid for the next `run`.
    func pause(_ token: NIDiscoveryToken) {
        guard let record = sessions[token.content.identifier], record.state != .suspended else { return }
        stopLink(of: record, sayingGoodbye: false)
        record.state = .paused
        logger.info("session paused", metadata: Self.metadata(of: token))
    }

    /// Ends the session and says goodbye to its peer; its keys are retired after the goodbye.
    func invalidate(_ token: NIDiscoveryToken) {
        defer { ledger.withLock { $0.retire(token.content.identifier) } }
        guard let record = sessions.removeValue(forKey: token.content.identifier) else { return }
        logger.info("session invalidated by the app", metadata: Self.metadata(of: token))
        if record.link != nil || record.listensDownlinkTDoA {
            stopLink(of: record, sayingGoodbye: true)
        } else if let pairing = record.pairing {
            links.sayGoodbye(on: pairing)
        }
    }

    private func invalidate(_ record: ServiceSession, _ error: NIError) {
        logger.warning("session invalidated", metadata: Self.metadata(of: record.token, error: error))
        stopLink(of: record, sayingGoodbye: false)
        sessions[record.token.content.identifier] = nil
        ledger.withLock { $0.retire(record.token.content.identifier) }
        record.owner?.deliver(.didInvalidate(error))
    }

    private func suspend() {
        logger.info("sessions suspended", metadata: ["sessions": "\(sessions.count)"])
        isSuspended = true
        for record in sessions.values where record.state != .suspended {
            stopLink(of: record, sayingGoodbye: false)
            record.state = .suspended
            record.owner?.deliver(.wasSuspended)
        }
    }

    private func resume() {
        guard isSuspended else { return }
        logger.info("suspension ended")
        isSuspended = false
        for record in sessions.values where record.state == .suspended {
            record.state = .paused
            record.owner?.deliver(.suspensionEnded)
        }
    }

    // MARK: Loop only: links

    private func startLink(of record: ServiceSession, peer: NIDiscoveryToken, pairing: SessionPairing, interval: Duration) {
        let handlers = LinkHandlers(
            measured: { [weak self, weak record] measurement in
                guard let self, let record else { return }
                self.measured(measurement, by: record)
            },
            peerEnded: { [weak self, weak record] in
                guard let self, let record else { return }
                self.remove(record, reason: .peerEnded)
            },
            failed: { [weak self, weak record] error in
                guard let self, let record, record.state == .running else { return }
                self.invalidate(record, error)
            })
        record.peer = peer
        record.pairing = pairing
        record.state = .running
        record.lastObject = nil
        record.recentInterval = nil
        record.lastContact = loop.now
        record.link = links.start(pairing, interval: interval, handlers: handlers)
        supervise(record, interval: interval)
    }

    private func stopLink(of record: ServiceSession, sayingGoodbye: Bool) {
        record.supervision += 1
        if record.listensDownlinkTDoA {
            record.listensDownlinkTDoA = false
            links.stopListening()
        }
        guard let link = record.link else { return }
        record.link = nil
        links.stop(link, sayingGoodbye: sayingGoodbye)
    }

    private func measured(_ measurement: RangingMeasurement, by record: ServiceSession) {
        guard record.state == .running, let peer = record.peer else { return }
        // The first measurement after `run` counts the wait since the run as its interval.
        let waited = loop.now - record.lastContact
        record.lastContact = loop.now
        record.measured(after: measurement.interval ?? waited)
        if tracesMeasurements {
            logger.trace("measurement: \(measurement)", metadata: Self.metadata(of: record.token))
        }
        // The loop hears of every round, those whose checks withheld the distance too; the app of those with one.
        reporter?.report(ReportedMeasurement(measurement, capabilities: capabilities, time: loop.now))
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
        logger.info("peer removed", metadata: Self.metadata(of: record.token, ["peer": "\(peer.content.identifier)", "reason": "\(reason)"]))
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
        let due = (record.lastObject == nil ? loop.now : record.lastContact) + limit
        loop.schedule(after: max(due - loop.now, .zero)) { [weak self, weak record] in
            guard let self, let record, record.supervision == generation, record.state == .running else { return }
            if record.lastObject != nil, self.loop.now - record.lastContact >= self.silenceLimit(of: record, requested: interval) {
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
        let stretch = min(excess, links.lateness) * Self.silentIntervals
        return .milliseconds(Int64(((settings.removalTimeout + stretch) / .milliseconds(1)).rounded(.up)))
    }

    /// How many times over the air's share of a pair's slowness lengthens the removal timeout: 5.
    static let silentIntervals = 5

    // MARK: Loop only: the device

    /// Invalidates every session with ``NIError/Code/sessionFailed``: the device is gone (`detail` says how).
    fileprivate func deviceFailed(_ detail: String) {
        guard failure == nil else { return }
        let failure = NIError(.sessionFailed, detail: detail)
        logger.warning("device failed; its sessions are invalidated", metadata: [
            LogMetadataKey.error: "\(failure)", "sessions": "\(sessions.count)",
        ])
        self.failure = failure
        let records = Array(sessions.values)
        sessions.removeAll()
        for record in records {
            record.supervision += 1
            record.owner?.deliver(.didInvalidate(failure))
        }
    }
}

/// Carries a device's failure from its links to the service, which the links must not keep alive.
/// `@unchecked Sendable`: set once at start, then used only on the loop.
private final class FailureRelay: @unchecked Sendable {
    weak var service: DeviceService?

    func report(_ detail: String) {
        service?.deviceFailed(detail)
    }
}
