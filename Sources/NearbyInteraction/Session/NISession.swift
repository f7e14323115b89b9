import Foundation
import Logging
import UWBCore

/// A Nearby Interaction session: ranging with one peer device (Apple: iOS 14).
///
/// The usual flow, as on iOS: create a session, send its ``discoveryToken`` to the peer (archived
/// with `NSKeyedArchiver`), unarchive the peer's token, ``run(_:)`` an ``NINearbyPeerConfiguration``
/// with it, and receive the peer's distance and direction in the delegate. Both sides must run a
/// configuration naming the other. To range with several peers, create a session for each.
///
/// The session's radio is its ``DeviceService``: `NISession()` takes the process's (see
/// ``DeviceService``), `NISession(device:)` a given one. Without a radio ``isSupported`` is false
/// and ``run(_:)`` invalidates the session with ``NIError/Code/unsupportedPlatform``.
///
/// Lifecycle, as Apple documents it:
/// - the token is created with the session and stays the same across ``pause()`` and ``run(_:)``;
/// - ``pause()`` stops ranging; the peer reports this side removed with
///   ``NINearbyObject/RemovalReason/timeout`` once the removal timeout passes; ``run(_:)`` resumes;
/// - ``invalidate()`` ends the session and sends the peer a best-effort goodbye, so it reports this
///   side removed with ``NINearbyObject/RemovalReason/peerEnded``; ``run(_:)`` afterwards fails;
/// - a removed peer stays removed until the app calls ``run(_:)`` again;
/// - suspension (``DeviceService/suspendSessions()``) stops ranging until the suspension ends and
///   the app calls ``run(_:)``;
/// - a radio failure invalidates the session with ``NIError/Code/sessionFailed``.
///
/// Call it from any thread. Delegate calls arrive on ``delegateQueue`` (the main queue when nil; see
/// ``NISessionDelegate`` for what a command-line program must do), and ``events(bufferingNewest:)``
/// delivers the same as an `AsyncSequence`.
///
/// `@unchecked Sendable`: the mutable state is behind `lock`, and the rest is immutable.
public final class NISession: NSObject, @unchecked Sendable {
    /// The mutable state, guarded by ``lock``.
    struct State {
        weak var delegate: (any NISessionDelegate)?
        var delegateQueue: DispatchQueue?
        var configuration: NIConfiguration?
        /// The AR session `setARSession(_:)` gave, kept and never used: Linux has no camera assistance.
        var arSession: AnyObject?
        var invalidated = false
        var streams: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextStream = 0
    }

    /// The session's device service, or why it has none.
    private let service: Result<DeviceService, NIError>
    /// The session's token; nil without a radio.
    private let token: NIDiscoveryToken?
    private let lock = NSLock()
    private var state = State()

    /// A session on the process's device service: the task's or the process's default (see
    /// ``DeviceService``), else one on the device `UWB_DEVICE` names where the program links
    /// `NearbyInteractionDefaultDevice` (the `NearbyInteraction` product does; ``EnvironmentDeviceOpening``).
    /// Without any, the session invalidates with ``NIError/Code/unsupportedPlatform`` when run.
    public convenience override init() {
        self.init(service: DeviceService.current)
    }

    /// A session on `device`. A swift-uwb addition, for tests and programs that pick their radio.
    public convenience init(device: DeviceService) {
        self.init(service: .success(device))
    }

    private init(service: Result<DeviceService, NIError>) {
        self.service = service
        token = try? service.get().issueToken()
        super.init()
    }

    deinit {
        let token = token
        if !state.invalidated, let token, let device = try? service.get() {
            device.onLoop { $0.invalidate(token) }
        }
    }

    // MARK: Capabilities

    /// Whether this process can range (Apple: iOS 14, deprecated in iOS 16): the same as
    /// `deviceCapabilities.supportsPreciseDistanceMeasurement`.
    public class var isSupported: Bool {
        deviceCapabilities.supportsPreciseDistanceMeasurement
    }

    /// Why ``isSupported`` is false: what went wrong choosing the process's radio and what to do
    /// (for example "no UWB board is attached…"); nil when a radio is there. A swift-uwb addition.
    public class var unsupportedReason: String? {
        switch DeviceService.current {
        case .success: nil
        case .failure(let error): error.detail ?? error.description
        }
    }

    /// What the process's radio can measure (Apple: iOS 16); nothing without a radio.
    public class var deviceCapabilities: any NIDeviceCapability {
        (try? DeviceService.current.get())?.capabilities ?? NIRadioCapability.unsupported
    }

    // MARK: Properties

    /// The object told about the session's progress. Held weakly, as on Apple platforms.
    public weak var delegate: (any NISessionDelegate)? {
        get { withState { $0.delegate } }
        set { withState { $0.delegate = newValue } }
    }

    /// The queue delegate calls arrive on; nil for the main queue.
    public var delegateQueue: DispatchQueue? {
        get { withState { $0.delegateQueue } }
        set { withState { $0.delegateQueue = newValue } }
    }

    /// This session's token, unique to this device and this session; nil if there is no radio.
    public var discoveryToken: NIDiscoveryToken? {
        token
    }

    /// A copy of the configuration last run, if any.
    public var configuration: NIConfiguration? {
        withState { $0.configuration }?.copy() as? NIConfiguration
    }

    // MARK: Lifecycle

    /// Runs `configuration`: starts ranging with its peer, or changes the peer, or resumes after
    /// ``pause()``, a removal or the end of a suspension.
    ///
    /// The outcome arrives in the delegate: ``NISessionDelegate/sessionDidStartRunning(_:)``;
    /// ``NISessionDelegate/sessionWasSuspended(_:)`` during a suspension; or
    /// ``NISessionDelegate/session(_:didInvalidateWith:)`` with
    /// - ``NIError/Code/sessionFailed`` after ``invalidate()`` or a radio failure;
    /// - ``NIError/Code/unsupportedPlatform`` without a radio, or for a Bluetooth Channel Sounding
    ///   ``NINearbyAccessoryConfiguration`` (Linux has none);
    /// - ``NIError/Code/userDidNotAllow`` when this user may not open the USB board `UWB_DEVICE` names;
    /// - ``NIError/Code/invalidConfiguration`` for a configuration other than
    ///   ``NINearbyPeerConfiguration`` and ``NIDLTDOAConfiguration``, a DL-TDoA network identifier
    ///   outside 0…65534, the session's own token, a token of another session of this
    ///   device, tokens that collide, an update interval outside ``DeviceService/updateIntervals``, or a
    ///   peer that already ranges in another session of this device;
    /// - ``NIError/Code/incompatiblePeerDevice`` for a peer that cannot measure distance, or one
    ///   of the other chip family while this radio is on a channel other than 5;
    /// - ``NIError/Code/invalidARConfiguration`` with camera assistance enabled;
    /// - ``NIError/Code/activeSessionsLimitExceeded`` when the device runs its most sessions, a
    ///   DL-TDoA session meets another session (one takes the radio while it listens to anchors), or
    ///   a session needs another STS than a session the device runs (a DW3000 radio holds one).
    ///
    /// An ``NIDLTDOAConfiguration`` makes the device listen to the network's DL-TDoA anchors: every
    /// round's messages reach ``NISessionDelegate/session(_:didUpdateDLTDOA:)``.
    ///
    /// Extended distance measurement, if enabled, is ignored: Apple's fallback for peers without it.
    public func run(_ configuration: NIConfiguration) {
        guard !withState({ $0.invalidated }) else {
            let error = NIError(.sessionFailed, detail: "this session was invalidated; create a new NISession")
            logRefusal(error)
            send(.didInvalidate(error), evenIfInvalidated: true)
            return
        }
        let device: DeviceService
        switch service {
        case .failure(let error):
            return fail(error)
        case .success(let service):
            device = service
        }
        guard let token else { return fail(NIError(.unsupportedPlatform)) }
        if let accessory = configuration as? NINearbyAccessoryConfiguration {
            return runAccessory(accessory, token: token, device: device)
        }
        if let downlink = configuration as? NIDLTDOAConfiguration {
            return runDownlinkTDoA(downlink, token: token, device: device)
        }
        guard let peerConfiguration = configuration as? NINearbyPeerConfiguration else {
            return fail(NIError(.invalidConfiguration, detail: "\(type(of: configuration)) cannot run on Linux; run an NINearbyPeerConfiguration"))
        }
        let pairing: SessionPairing
        switch Self.check(peerConfiguration, token: token, device: device) {
        case .failure(let error):
            return fail(error)
        case .success(let checked):
            pairing = checked
        }
        let copy = peerConfiguration.copy() as? NIConfiguration
        withState { $0.configuration = copy }
        let peer = peerConfiguration.peerDiscoveryToken
        let interval = peerConfiguration.updateInterval ?? device.defaultUpdateInterval
        device.onLoop { [weak self] service in
            guard let self else { return }
            service.run(self, token: token, peer: peer, pairing: pairing, interval: interval)
        }
    }

    /// Runs an accessory session on `device`: the phone's side of the FiRa session its shareable
    /// configuration data sets up (``AccessoryPhonePlan``), or fails with what is wrong.
    private func runAccessory(_ configuration: NINearbyAccessoryConfiguration, token: NIDiscoveryToken, device: DeviceService) {
        guard case .uwb(let data, let uwb, _) = configuration.accessory else { return fail(configuration.unsupported) }
        let plan: AccessoryPhonePlan
        let pairing: SessionPairing
        let shareable: [UInt8]
        do {
            plan = try AccessoryPhonePlan(uwb: uwb, rate: data.preferredUpdateRate, token: token, device: device)
            pairing = try SessionPairing(accessory: plan.session)
            shareable = try plan.shareable.encoded()
        } catch let error as NIError {
            return fail(error)
        } catch {
            return fail(NIError(.invalidConfiguration, detail: "the shareable configuration data cannot be written: \(error)"))
        }
        let copy = configuration.copy() as? NIConfiguration
        withState { $0.configuration = copy }
        let peer = configuration.accessoryDiscoveryToken
        let interval = plan.session.rangingInterval
        device.onLoop { [weak self] service in
            guard let self else { return }
            service.run(self, token: token, peer: peer, pairing: pairing, interval: interval, shareable: Data(shareable))
        }
    }

    /// Runs `configuration` as a DL-TDoA listener on `device`, or fails with
    /// ``NIError/Code/invalidConfiguration`` for a network identifier no frame can carry.
    private func runDownlinkTDoA(_ configuration: NIDLTDOAConfiguration, token: NIDiscoveryToken, device: DeviceService) {
        guard let network = UInt16(exactly: configuration.networkIdentifier), network != 0xFFFF else {
            return fail(NIError(
                .invalidConfiguration,
                detail: "network identifier \(configuration.networkIdentifier) is not one anchors can serve: give the anchors' session ID, 0 to 65534"))
        }
        let copy = configuration.copy() as? NIConfiguration
        withState { $0.configuration = copy }
        device.onLoop { [weak self] service in
            guard let self else { return }
            service.runDownlinkTDoA(self, token: token, network: PANIdentifier(rawValue: network))
        }
    }

    /// Stops ranging; ``run(_:)`` resumes with the same token. The peer reports this side removed
    /// with ``NINearbyObject/RemovalReason/timeout`` if the pause lasts longer than its removal timeout.
    public func pause() {
        guard !withState({ $0.invalidated }), let token, let device = try? service.get() else { return }
        device.onLoop { $0.pause(token) }
    }

    /// Ends the session for good and sends the peer a best-effort goodbye. The delegate hears
    /// nothing more, and ``run(_:)`` afterwards fails with ``NIError/Code/sessionFailed``.
    public func invalidate() {
        let streams = withState { state -> [AsyncStream<Event>.Continuation]? in
            guard !state.invalidated else { return nil }
            state.invalidated = true
            defer { state.streams.removeAll() }
            return Array(state.streams.values)
        }
        guard let streams else { return }
        for stream in streams {
            stream.finish()
        }
        if let token, let device = try? service.get() {
            device.onLoop { $0.invalidate(token) }
        }
    }

    // MARK: Events

    /// The session's events as an asynchronous sequence: the same as the delegate's calls, with the
    /// ranging engine's measurement behind each update. A swift-uwb addition.
    ///
    /// Each call returns a new sequence that sees the events from then on; it ends when the session
    /// is invalidated. A consumer that falls behind loses the oldest events beyond `limit`.
    public func events(bufferingNewest limit: Int = 256) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        let key = withState { state -> Int? in
            guard !state.invalidated else { return nil }
            state.nextStream += 1
            state.streams[state.nextStream] = continuation
            return state.nextStream
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.withState { _ = $0.streams.removeValue(forKey: key) }
        }
        return stream
    }

    // MARK: Delivery

    /// Delivers `event` from the device service, on its device's loop: the delegate call is a
    /// reaction the loop times (``DeviceLoop/deliver(on:_:)``), so on virtual time the app's
    /// response to it happens at the instant of the event.
    func deliver(_ event: Event) {
        send(event, evenIfInvalidated: false, through: try? service.get())
    }

    /// Invalidates the session with `error`: tells the delegate and ends the service's record.
    private func fail(_ error: NIError) {
        logRefusal(error)
        send(.didInvalidate(error), evenIfInvalidated: false)
        if let token, let device = try? service.get() {
            device.onLoop { $0.invalidate(token) }
        }
    }

    /// Logs at `warning` that ``run(_:)`` refused this session with `error`, through its device
    /// service's logger (with the `device` and `session` metadata keys), or a
    /// ``NearbyInteractionLogging`` logger if it has no device service.
    private func logRefusal(_ error: NIError) {
        let device = try? service.get()
        let logger = device?.logger ?? NearbyInteractionLogging.logger()
        var metadata: Logger.Metadata = [LogMetadataKey.error: "\(error)", "ni.code": "\(error.code)"]
        if let token {
            metadata = DeviceService.metadata(of: token, error: error)
        }
        logger.warning("session refused", metadata: metadata)
    }

    /// Yields `event` to the sequences and queues it for the delegate, through `device`'s loop if
    /// the event comes from it; an invalidation ends the sequences and the session.
    private func send(_ event: Event, evenIfInvalidated: Bool, through device: DeviceService? = nil) {
        let invalidating = if case .didInvalidate = event { true } else { false }
        let target = withState { state -> (DispatchQueue, [AsyncStream<Event>.Continuation])? in
            guard evenIfInvalidated || !state.invalidated else { return nil }
            let streams = Array(state.streams.values)
            if invalidating {
                state.invalidated = true
                state.streams.removeAll()
            }
            return (state.delegateQueue ?? .main, streams)
        }
        guard let (queue, streams) = target else { return }
        for stream in streams {
            stream.yield(event)
            if invalidating {
                stream.finish()
            }
        }
        guard let device else {
            queue.async { [self] in callDelegate(event) }
            return
        }
        device.deliver(on: queue) { [self] in callDelegate(event) }
    }

    /// Calls the delegate for `event`, unless the session has been invalidated since the event
    /// was queued (then only the invalidation itself is told): as on Apple platforms, the delegate
    /// hears nothing after the invalidation, even of updates a wall-clock loop queued before it.
    private func callDelegate(_ event: Event) {
        if case .didInvalidate = event {} else if withState({ $0.invalidated }) { return }
        guard let delegate else { return }
        switch event {
        case .didStartRunning:
            delegate.sessionDidStartRunning(self)
        case .didUpdate(let object, let measurement):
            delegate.session(self, didUpdate: [object])
            delegate.session(self, didMeasure: measurement, of: object)
        case .didUpdateDLTDOA(let measurements):
            delegate.session(self, didUpdateDLTDOA: measurements)
        case .didGenerateShareableConfigurationData(let data, let object):
            delegate.session(self, didGenerateShareableConfigurationData: data, for: object)
        case .didRemove(let object, let reason):
            delegate.session(self, didRemove: [object], reason: reason)
        case .wasSuspended:
            delegate.sessionWasSuspended(self)
        case .suspensionEnded:
            delegate.sessionSuspensionEnded(self)
        case .didInvalidate(let error):
            delegate.session(self, didInvalidateWith: error)
        }
    }

    func withState<Value>(_ body: (inout State) -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    // MARK: Checks

    /// The pairing `configuration` gives this session, or why it cannot run.
    private static func check(
        _ configuration: NINearbyPeerConfiguration, token: NIDiscoveryToken, device: DeviceService
    ) -> Result<SessionPairing, NIError> {
        let peer = configuration.peerDiscoveryToken
        if peer == token {
            return .failure(NIError(.invalidConfiguration, detail: "the peer token is this session's own token; send it to the peer and run the token the peer sends back"))
        }
        if device.issued(peer) {
            return .failure(NIError(.invalidConfiguration, detail: "the peer token belongs to another session of this device; run the token of the peer device's session"))
        }
        if !peer.deviceCapabilities.supportsPreciseDistanceMeasurement {
            return .failure(NIError(.incompatiblePeerDevice, detail: "the peer's radio cannot measure distance"))
        }
        if configuration.isCameraAssistanceEnabled {
            return .failure(NIError(.invalidARConfiguration, detail: "camera assistance needs ARKit, which Linux does not have; leave isCameraAssistanceEnabled false"))
        }
        if let interval = configuration.updateInterval, !device.updateIntervals.contains(interval) {
            return .failure(NIError(.invalidConfiguration, detail: "an update interval of \(interval) is outside the \(device.updateIntervals.lowerBound) … \(device.updateIntervals.upperBound) this radio can keep"))
        }
        guard let pairing = SessionPairing(local: token.content, peer: peer.content) else {
            let shared = token.content.shortAddress == peer.content.shortAddress
                ? "short address 0x" + String(token.content.shortAddress, radix: 16, uppercase: true)
                : "identifier \(token.content.identifier)"
            return .failure(NIError(.invalidConfiguration, detail: "this session's token and the peer's share their \(shared); create a new NISession for a fresh token"))
        }
        if let channel = device.radio?.configuration.channel {
            do {
                try pairing.check(channel: channel)
            } catch {
                return .failure(error)
            }
        }
        guard device.settings.securesFrames else { return .success(pairing) }
        return device.protection(of: token, with: peer, role: pairing.role).map { secrets in
            pairing.secured(by: secrets.protection, secureTimestamps: secrets.secureTimestamps)
        }
    }
}
