import UCI

extension ScriptedHost {
    /// Opens one-to-one session `sessionID` as controller and initiator (`initiator`) or as
    /// controlee and responder, with MAC addresses `own` and `peer`, a round every
    /// `intervalMilliseconds`, and starts it; returns the session handle. Every step's answer is
    /// checked (CORE_DEVICE_STATUS_NTF ACTIVE after the first session this host started);
    /// ranging notifications of other sessions that arrive meanwhile are skipped.
    ///
    /// - Throws: ``ScriptedHostError/unexpected(_:)`` naming the step the server refused, or a
    ///   socket or codec error.
    package func startRanging(
        sessionID: UInt32, initiator: Bool, own: UInt16, peer: UInt16, intervalMilliseconds: UInt32 = 100
    ) throws -> UInt32 {
        guard case .sessionInit(.ok, let handle?) = try call(.sessionInit(sessionID: sessionID, type: .ranging)) else {
            throw ScriptedHostError.unexpected("SESSION_INIT of session \(sessionID) was refused")
        }
        try expectState(.initialized, of: handle)
        let role = UInt8(initiator ? 1 : 0)
        let configured = try call(.setAppConfig(sessionToken: handle, [
            UCIParameter(.deviceType, integer: role), UCIParameter(.deviceRole, integer: role),
            UCIParameter(.deviceMacAddress, integer: own), UCIParameter(.destinationMacAddress, integer: peer),
            UCIParameter(.rangingDuration, integer: intervalMilliseconds),
        ]))
        guard configured == .setAppConfig(status: .ok, []) else {
            throw ScriptedHostError.unexpected("SET_APP_CONFIG of session \(sessionID) was answered \(String(describing: configured))")
        }
        try expectState(.idle, of: handle)
        guard try call(.sessionStart(sessionToken: handle)) == .sessionStart(.ok) else {
            throw ScriptedHostError.unexpected("SESSION_START of session \(sessionID) was refused")
        }
        try expectState(.active, of: handle)
        if ranging.isEmpty {
            try expectDevice(.active)
        }
        ranging.insert(handle)
        return handle
    }

    /// Stops and deinitialises the session of `handle`, checking every answer
    /// (CORE_DEVICE_STATUS_NTF READY once no session this host started ranges).
    ///
    /// - Throws: ``ScriptedHostError/unexpected(_:)`` naming the step the server refused.
    package func endRanging(handle: UInt32) throws {
        guard try call(.sessionStop(sessionToken: handle)) == .sessionStop(.ok) else {
            throw ScriptedHostError.unexpected("SESSION_STOP of handle \(handle) was refused")
        }
        try expectState(.idle, of: handle)
        ranging.remove(handle)
        if ranging.isEmpty {
            try expectDevice(.ready)
        }
        guard try call(.sessionDeinit(sessionToken: handle)) == .sessionDeinit(.ok) else {
            throw ScriptedHostError.unexpected("SESSION_DEINIT of handle \(handle) was refused")
        }
        try expectState(.deinitialized, of: handle)
    }

    /// Reads the next notification other than a ranging one and checks that it is
    /// CORE_DEVICE_STATUS_NTF `state`, as the first session to start or the last to stop causes.
    private func expectDevice(_ state: UCIDeviceState) throws {
        let received = try notification()
        guard received == .deviceStatus(state) else {
            throw ScriptedHostError.unexpected("expected \(UCINotification.deviceStatus(state)), received \(String(describing: received))")
        }
    }

    /// Reads the next notification other than a ranging one and checks that it is
    /// SESSION_STATUS_NTF `state` for `handle`, as a session management command causes.
    private func expectState(_ state: UCISessionState, of handle: UInt32) throws {
        let expected = UCINotification.sessionStatus(sessionToken: handle, state: state, reason: .stateChangeWithSessionManagementCommands)
        let received = try notification()
        guard received == expected else {
            throw ScriptedHostError.unexpected("expected \(expected), received \(String(describing: received))")
        }
    }
}
