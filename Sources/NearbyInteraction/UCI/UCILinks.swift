import UCI
import UCIClient
import UWBCore
import UWBPositioning
import UWBRanging

/// Sessions on a UCI device: each link is a FiRa session that the device ranges by itself
/// (``FiRaSessionPlan``). A link starts with SESSION_INIT, SET_APP_CONFIG and, once the device
/// says IDLE, SESSION_START; each SESSION_INFO_NTF result from the peer's address becomes a
/// measurement. Stopping sends SESSION_STOP (if ranging) and SESSION_DEINIT. A device that
/// refuses a session's command ends that session with the device's status; a device that goes
/// away or reports DEVICE_STATE_ERROR is reported once through `onFailure`. FiRa has no goodbye: a peer learns of the end by
/// its silence (removal with ``NINearbyObject/RemovalReason/timeout``). A DL-TDoA session is a
/// FiRa DT-tag session the same way (``listen(toDownlinkTDoA:heard:failed:)``).
final class UCILinks: SessionLinks, UCIDeviceHandler {
    let capabilities: NIRadioCapability
    /// The shortest update interval asked of a UCI device: 50 ms. Our choice: FiRa ranging
    /// rounds take a few milliseconds, and `uwb uci serve` takes RANGING_DURATION from 20 ms; a
    /// board that cannot keep it refuses RANGING_DURATION, and the session ends with its status.
    let shortestInterval: Duration = .milliseconds(50)
    var lateness: Duration { .zero }

    private let device: UCIDevice
    private let addressing: UCIAddressing
    private let onFailure: (String) -> Void
    private var sessions: [SessionLinkID: UCILinkSession] = [:]
    private var nextLink = 0
    /// The DT-tag session while one listens.
    private var listening: SessionLinkID?

    /// Links on `device` whose sessions use `addressing`'s MAC addresses; a device that goes away is
    /// reported to `onFailure` (on the loop).
    init(device: UCIDevice, addressing: UCIAddressing, onFailure: @escaping (String) -> Void) {
        self.device = device
        self.addressing = addressing
        self.onFailure = onFailure
        let caps = device.capabilities
        let ranges = !caps.channels.isEmpty && caps.initiator && caps.responder
        capabilities = (ranges
            ? NIRadioCapability(
                supportsPreciseDistanceMeasurement: true, supportsHorizontalAngleMeasurement: caps.azimuth,
                supportsDirectionMeasurement: caps.azimuth && caps.elevation)
            : .unsupported).listeningToDownlinkTDoA(caps.downlinkTDoATag && !caps.channels.isEmpty)
    }

    func attach() {
        device.attach(self)
    }

    func start(_ pairing: SessionPairing, interval: Duration, handlers: LinkHandlers) -> SessionLinkID {
        nextLink += 1
        let id = SessionLinkID(rawValue: nextLink)
        let channel = device.capabilities.channels.first ?? 0
        let angles = capabilities.supportsHorizontalAngleMeasurement
        let plan = pairing.accessorySession.map { FiRaSessionPlan(accessory: $0, angles: angles) }
            ?? FiRaSessionPlan(pairing: pairing, interval: interval, channel: channel, angles: angles, addressing: addressing)
        open(UCILinkSession(id: id, plan: plan, purpose: .ranging(pairing, handlers)))
        return id
    }

    /// Opens `session` on the device: SESSION_INIT, then its configuration.
    private func open(_ session: UCILinkSession) {
        sessions[session.id] = session
        let command = UCICommand.sessionInit(sessionID: session.plan.sessionID, type: .ranging)
        send(command, of: session) { [weak self] response in
            guard let self, case .sessionInit(let status, let handle) = response else { return Self.unexpected(command) }
            guard status == .ok else { return self.failure(of: command, status: status) }
            session.token = self.device.revision == .v2 ? (handle ?? session.plan.sessionID) : session.plan.sessionID
            if session.phase == .ended {
                self.end(session)
            } else {
                self.configure(session)
            }
            return nil
        }
    }

    func stop(_ link: SessionLinkID, sayingGoodbye: Bool) {
        guard let session = sessions.removeValue(forKey: link) else { return }
        let wasInitializing = session.phase == .initializing
        let wasRanging = session.phase == .starting || session.phase == .active
        session.phase = .ended
        // Still waiting for its handle: SESSION_INIT's answer ends it.
        guard !wasInitializing else { return }
        if wasRanging, let token = session.token {
            device.send(.sessionStop(sessionToken: token)) { _ in }
        }
        end(session)
    }

    func sayGoodbye(on pairing: SessionPairing) {}

    // MARK: UCIDeviceHandler

    func device(_ device: UCIDevice, notified notification: UCINotification) {
        switch notification {
        case .sessionStatus(let token, let state, let reason):
            guard let session = session(withToken: token) else { return }
            sessionChanged(session, to: state, reason: reason)
        case .sessionInfo(let info):
            guard let session = session(withToken: info.sessionToken), session.phase == .active else { return }
            switch (session.purpose, info.measurements) {
            case (.ranging(let pairing, let handlers), .twoWay(let results, _)):
                for result in results where result.status == .ok && result.macAddress == session.plan.peerAddress {
                    let now = device.now
                    let measurement = RangingMeasurement(
                        uci: result, role: pairing.role, sequence: info.sequenceNumber, time: now,
                        interval: session.lastMeasurement.map { now - $0 }, angles: device.capabilities)
                    session.lastMeasurement = now
                    handlers.measured(measurement)
                }
            case (.listening(let heard, _), .downlinkTDoA(let results)):
                let measurements = NIDLTDOAMeasurement.measurements(of: results.filter { $0.status == .ok })
                if !measurements.isEmpty {
                    heard(measurements)
                }
            default:
                return
            }
        case .deviceStatus(let state) where state == .error:
            // The UWBS itself failed (CORE_DEVICE_STATUS_NTF ERROR): none of its sessions range any more.
            sessions = [:]
            onFailure("the UWBS reported DEVICE_STATE_ERROR (CORE_DEVICE_STATUS_NTF) and its sessions ended; open the device again, which resets it")
        default:
            // READY and ACTIVE follow the sessions' own states, which SESSION_STATUS_NTF already gave.
            return
        }
    }

    func device(_ device: UCIDevice, failed error: UCIClientError) {
        sessions = [:]
        onFailure("\(error)")
    }

    // MARK: Sessions

    private func configure(_ session: UCILinkSession) {
        guard let token = session.token else { return }
        session.phase = .configuring
        let command = UCICommand.setAppConfig(sessionToken: token, session.plan.parameters)
        send(command, of: session) { [weak self] response in
            guard let self, case .setAppConfig(let status, let refused) = response else { return Self.unexpected(command) }
            guard status == .ok else { return self.refusal(refused, status: status) }
            session.phase = .awaitingIdle
            if session.idleSeen {
                self.startRanging(session)
            }
            return nil
        }
    }

    private func startRanging(_ session: UCILinkSession) {
        guard let token = session.token else { return }
        session.phase = .starting
        let command = UCICommand.sessionStart(sessionToken: token)
        send(command, of: session) { [weak self] response in
            guard let self, case .sessionStart(let status) = response else { return Self.unexpected(command) }
            guard status == .ok else { return self.failure(of: command, status: status) }
            if session.phase == .starting {
                session.phase = .active
            }
            return nil
        }
    }

    private func sessionChanged(_ session: UCILinkSession, to state: UCISessionState, reason: UCISessionStatusReason) {
        switch state {
        case .idle:
            session.idleSeen = true
            switch session.phase {
            case .awaitingIdle:
                startRanging(session)
            case .active:
                // The device stopped the session by itself (for example after too many failed
                // rounds): range again; a peer that stays silent is removed by its timeout.
                startRanging(session)
            default:
                return
            }
        case .deinitialized where session.phase != .ended:
            session.fail(NIError(.sessionFailed, detail: "the UCI device \(device.endpoint) ended the FiRa session (reason \(reason))"))
            sessions[session.id] = nil
            session.phase = .ended
        default:
            return
        }
    }

    /// Ends `session` on the device with SESSION_DEINIT (its handle is known).
    private func end(_ session: UCILinkSession) {
        guard let token = session.token else { return }
        session.token = nil
        device.send(.sessionDeinit(sessionToken: token)) { _ in }
    }

    /// Sends `command` for `session`; `check` reads the response and says why the session cannot
    /// go on, if it cannot: then the session ends with that error (unless this side ended it
    /// meanwhile). A device that is gone is reported by ``device(_:failed:)`` instead.
    private func send(_ command: UCICommand, of session: UCILinkSession, _ check: @escaping (UCIResponse) -> NIError?) {
        device.send(command) { [weak self] result in
            guard let self, case .success(let response) = result, let error = check(response) else { return }
            if session.phase != .ended {
                session.fail(error)
            }
            self.sessions[session.id] = nil
            session.phase = .ended
            self.end(session)
        }
    }

    private func session(withToken token: UInt32) -> UCILinkSession? {
        sessions.values.first { $0.token == token }
    }

    /// The error of a session whose `command` the device answered with `status`.
    private func failure(of command: UCICommand, status: UCIStatus) -> NIError {
        let detail = "the UCI device \(device.endpoint) answered \(command.name) with \(status)"
        return status == .maxSessionsExceeded
            ? NIError(.activeSessionsLimitExceeded, detail: detail + "; end another session on it first")
            : NIError(.sessionFailed, detail: detail)
    }

    /// The error of a session whose parameters the device refused.
    private func refusal(_ refused: [UCIParameterStatus<UCIAppConfigID>], status: UCIStatus) -> NIError {
        let list = refused.map { "\($0.id) (\($0.status))" }.joined(separator: ", ")
        return NIError(
            .invalidConfiguration,
            detail: "the UCI device \(device.endpoint) refused the FiRa session's parameters with \(status)"
                + (list.isEmpty ? "" : ": \(list)"))
    }

    /// The error of a command answered with a response of another kind.
    private static func unexpected(_ command: UCICommand) -> NIError {
        NIError(.sessionFailed, detail: "the UCI device answered \(command.name) with a response of another command")
    }
}

extension UCILinks {
    /// Listens as a DT-tag: a FiRa session whose id is the network identifier, DEVICE_ROLE 8 and
    /// RANGING_ROUND_USAGE 5 (``FiRaSessionPlan/init(downlinkTDoATag:channel:)``), each
    /// SESSION_INFO_NTF of DL-TDoA measurements becoming the session's measurements.
    ///
    /// - Throws: ``NIError/Code/unsupportedPlatform`` for a device whose capabilities do not list the DT-tag role.
    func listen(
        toDownlinkTDoA network: PANIdentifier, heard: @escaping ([NIDLTDOAMeasurement]) -> Void, failed: @escaping (NIError) -> Void
    ) throws(NIError) {
        guard capabilities.supportsDLTDOAMeasurement, let channel = device.capabilities.channels.first else {
            throw NIError(
                .unsupportedPlatform,
                detail: "the UCI device \(device.endpoint) does not list the DT-tag role (GET_CAPS_INFO SUPPORTED_DEVICE_ROLES) or any FiRa channel")
        }
        nextLink += 1
        let id = SessionLinkID(rawValue: nextLink)
        listening = id
        open(UCILinkSession(
            id: id, plan: FiRaSessionPlan(downlinkTDoATag: network, channel: channel), purpose: .listening(heard: heard, failed: failed)))
    }

    /// Stops the DT-tag session (SESSION_STOP if listening, SESSION_DEINIT).
    func stopListening() {
        guard let listening else { return }
        self.listening = nil
        stop(listening, sayingGoodbye: false)
    }
}
