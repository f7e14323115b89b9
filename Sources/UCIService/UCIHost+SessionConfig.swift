import UCI

extension UCIHost {
    /// SESSION_CONFIG: INIT, DEINIT, SET/GET_APP_CONFIG, GET_COUNT, GET_STATE and
    /// UPDATE_CONTROLLER_MULTICAST_LIST.
    func handleSessionConfig(_ command: UCICommand) {
        switch command {
        case .sessionInit(let id, let type):
            let status = initSession(id: id, type: type)
            let session = sessions.values.first { $0.id == id }
            send(.response(.sessionInit(status: status, sessionHandle: givesHandles ? session?.handle ?? 0 : nil)))
            if status == .ok, let session {
                notifyState(of: session)
            }
        case .sessionDeinit(let token):
            guard let session = sessions[token] else { return send(.response(.sessionDeinit(.sessionNotExist))) }
            session.ranging?.stop()
            sessions[token] = nil
            send(.response(.sessionDeinit(.ok)))
            session.state = .deinitialized
            notifyState(of: session)
        case .setAppConfig(let token, let parameters):
            setAppConfig(token: token, parameters)
        case .getAppConfig(let token, let ids):
            guard let session = sessions[token] else { return send(.response(.getAppConfig(status: .sessionNotExist, []))) }
            let found = session.config.parameters(ids)
            send(.response(.getAppConfig(status: ids.isEmpty || found.count == ids.count ? .ok : .invalidParameter, found)))
        case .getSessionCount:
            send(.response(.sessionCount(status: .ok, count: UInt8(sessions.count))))
        case .getSessionState(let token):
            guard let session = sessions[token] else { return send(.response(.sessionState(status: .sessionNotExist, .deinitialized))) }
            send(.response(.sessionState(status: .ok, session.state)))
        case .updateMulticastList(let update):
            updateMulticastList(update)
        default:
            break
        }
    }

    /// Creates a session; the status of SESSION_INIT_RSP. Its token is a new handle in UCI 2.0,
    /// its id in UCI 1.x.
    private func initSession(id: UInt32, type: UCISessionType) -> UCIStatus {
        guard type == .ranging || type == .rangingAndInBandData else { return .invalidParameter }
        guard !sessions.values.contains(where: { $0.id == id }) else { return .sessionDuplicate }
        guard sessions.count < UCIServiceConstants.maximumSessions else { return .maxSessionsExceeded }
        var handle = id
        if givesHandles {
            handle = nextHandle
            nextHandle &+= 1
        }
        sessions[handle] = UCISession(id: id, handle: handle, type: type)
        return .ok
    }

    /// SET_APP_CONFIG: sets what passes its checks, answers the rest per parameter, and moves a
    /// session in INIT to IDLE once it has what ranging needs.
    private func setAppConfig(token: UInt32, _ parameters: [UCIParameter<UCIAppConfigID>]) {
        guard let session = sessions[token] else { return send(.response(.setAppConfig(status: .sessionNotExist, []))) }
        guard session.state != .active else { return send(.response(.setAppConfig(status: .sessionActive, []))) }
        let refused = session.config.set(parameters, channel: emulation.configuration.channel)
        send(.response(.setAppConfig(status: refused.isEmpty ? .ok : .invalidParameter, refused)))
        if session.state == .initialized, session.config.isComplete {
            session.state = .idle
            notifyState(of: session)
        }
    }
}
