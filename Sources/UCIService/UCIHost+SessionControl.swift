import UCI

extension UCIHost {
    /// SESSION_CONTROL: START (IDLE → ACTIVE, ranging on the device), STOP (ACTIVE → IDLE),
    /// GET_RANGING_COUNT. Several sessions of a host may be ACTIVE at once: their links share the
    /// device's radio through its scheduler.
    func handleSessionControl(_ command: UCICommand) {
        switch command {
        case .sessionStart(let token):
            let status = startStatus(token)
            send(.response(.sessionStart(status)))
            guard status == .ok, let session = sessions[token] else { return }
            session.state = .active
            notifyState(of: session)
            startRanging(session)
        case .sessionStop(let token):
            guard let session = sessions[token] else { return send(.response(.sessionStop(.sessionNotExist))) }
            guard session.state == .active else { return send(.response(.sessionStop(.rejected))) }
            send(.response(.sessionStop(.ok)))
            stopRanging(session)
        case .getRangingCount(let token):
            guard let session = sessions[token] else { return send(.response(.rangingCount(status: .sessionNotExist, count: 0))) }
            send(.response(.rangingCount(status: .ok, count: session.rangingCount)))
        default:
            break
        }
    }

    /// Starts `session`'s ranging on the device, its notifications and round ends coming back here;
    /// a one-way session does its part instead (``OneWayRole``).
    func startRanging(_ session: UCISession) {
        if let role = session.config.oneWayRole {
            let report: (UCISessionInfo) -> Void = { [weak self] info in self?.send(.notification(.sessionInfo(info))) }
            let oneWay: any UCIOneWaySession = switch role {
            case .downlinkTDoATag: UCIDownlinkTDoAListening(session: session, slot: slot, report: report)
            case .advertiser: UCIAdvertising(session: session, slot: slot)
            case .observer: UCIOneWayAoAObserving(session: session, slot: slot, report: report)
            }
            session.oneWay = oneWay
            oneWay.start()
            return
        }
        let reports = UCISessionRanging.Reports(
            info: { [weak self] info in self?.send(.notification(.sessionInfo(info))) },
            roundEnded: { [weak self, weak session] peer, completed in
                guard let self, let session else { return }
                self.roundEnded(of: session, with: peer, completed: completed)
            })
        let ranging = UCISessionRanging(session: session, slot: slot, reportsRSSI: revision == .v2, reports: reports)
        session.ranging = ranging
        ranging.start()
    }

    /// Stops an ACTIVE session's ranging and makes it IDLE (SESSION_STATUS_NTF with `reason`);
    /// data it was sending fails (ERROR_DATA_TRANSFER, the credit back).
    func stopRanging(_ session: UCISession, reason: UCISessionStatusReason = .stateChangeWithSessionManagementCommands) {
        session.ranging?.stop()
        session.ranging = nil
        session.oneWay?.stop()
        session.oneWay = nil
        session.state = .idle
        notifyState(of: session, reason: reason)
        endTransfer(of: session, .errorDataTransfer)
    }

    /// The status of SESSION_START_RSP: the session must exist, be configured (IDLE, with at least
    /// one peer unless it is a DT-tag) and not be ACTIVE. Another ACTIVE session of the host is no
    /// obstacle, unless one of its links is named like one of this session's to the ranging engine
    /// (REJECTED: the radio could not tell their rounds apart), or one of the two is a one-way
    /// session, which takes the radio (REJECTED).
    private func startStatus(_ token: UInt32) -> UCIStatus {
        guard let session = sessions[token] else { return .sessionNotExist }
        switch session.state {
        case .active: return .sessionActive
        case .idle: break
        default: return .sessionNotConfigured
        }
        let active = sessions.values.filter { $0.state == .active }
        if session.config.oneWayRole != nil || active.contains(where: { $0.config.oneWayRole != nil }) {
            return active.isEmpty ? .ok : .rejected
        }
        let links = UCISessionRanging.links(of: session.config, id: session.id)
        guard !links.isEmpty else { return .sessionNotConfigured }
        let running = active.flatMap { UCISessionRanging.links(of: $0.config, id: $0.id) }
        return links.contains { link in running.contains { $0.session == link.session } } ? .rejected : .ok
    }
}
