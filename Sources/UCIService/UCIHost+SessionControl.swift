import UCI

extension UCIHost {
    /// SESSION_CONTROL: START (IDLE → ACTIVE, ranging on the device), STOP (ACTIVE → IDLE),
    /// GET_RANGING_COUNT.
    func handleSessionControl(_ command: UCICommand) {
        switch command {
        case .sessionStart(let token):
            let status = startStatus(token)
            send(.response(.sessionStart(status)))
            guard status == .ok, let session = sessions[token] else { return }
            session.state = .active
            notifyState(of: session)
            let ranging = UCISessionRanging(session: session, slot: slot, emulation: emulation) { [weak self] info in
                self?.send(.notification(.sessionInfo(info)))
            }
            session.ranging = ranging
            ranging.start()
        case .sessionStop(let token):
            guard let session = sessions[token] else { return send(.response(.sessionStop(.sessionNotExist))) }
            guard session.state == .active else { return send(.response(.sessionStop(.rejected))) }
            session.ranging?.stop()
            session.ranging = nil
            send(.response(.sessionStop(.ok)))
            session.state = .idle
            notifyState(of: session)
        case .getRangingCount(let token):
            guard let session = sessions[token] else { return send(.response(.rangingCount(status: .sessionNotExist, count: 0))) }
            send(.response(.rangingCount(status: .ok, count: session.rangingCount)))
        default:
            break
        }
    }

    /// The status of SESSION_START_RSP: the session must exist, be configured (IDLE) and not be
    /// ACTIVE, and the device must not range in another session (one radio, one session at a time).
    private func startStatus(_ token: UInt32) -> UCIStatus {
        guard let session = sessions[token] else { return .sessionNotExist }
        switch session.state {
        case .active: return .sessionActive
        case .idle: break
        default: return .sessionNotConfigured
        }
        return sessions.values.contains { $0.state == .active } ? .rejected : .ok
    }
}
