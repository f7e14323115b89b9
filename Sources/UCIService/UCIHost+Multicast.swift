import UCI

extension UCIHost {
    /// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST: adds controlees to or removes them from an IDLE
    /// or ACTIVE one-to-many session of a controller (``UCIMulticastChange``); an ACTIVE session
    /// ranges with the new list from the next interval on. An unknown token is
    /// ERROR_SESSION_NOT_EXIST, an action the UCI version does not name SYNTAX_ERROR, and a session
    /// in INIT, of a controlee or one-to-one REJECTED (as pica).
    ///
    /// UCI 2.0: the response lists every controlee of the command with its outcome; the
    /// notification lists the controlees removed from an ACTIVE session, or those whose sub-session
    /// keys were refused. UCI 1.x: the response has the status only and the notification always
    /// follows, with the room left in the list and each controlee's sub-session id and outcome.
    /// A list that becomes empty leaves the session IDLE (SESSION_STATUS_NTF with
    /// ERROR_INVALID_NUM_OF_CONTROLEES in UCI 2.0).
    func updateMulticastList(_ update: UCIMulticastListUpdate) {
        guard let session = sessions[update.sessionToken] else {
            return send(.response(.updateMulticastList(status: .sessionNotExist, [])))
        }
        let actions: [UCIMulticastAction] = revision == .v1
            ? [.add, .remove] : [.add, .remove, .addWithShortSubSessionKey, .addWithExtendedSubSessionKey]
        guard actions.contains(update.action) else { return send(.response(.updateMulticastList(status: .syntaxError, []))) }
        let config = session.config
        // The list names controlees by short address: a session of extended addresses has none to name.
        guard session.state == .idle || session.state == .active, config.isController, config.isOneToMany, !config.usesExtendedAddresses else {
            return send(.response(.updateMulticastList(status: .rejected, [])))
        }
        let change = UCIMulticastChange(
            applying: update, to: config.peerAddresses, keysApplicable: config.stsConfig == Self.subSessionKeySTSConfig)
        let wasActive = session.state == .active
        notifyMulticast(change, of: session, wasActive: wasActive)
        guard change.list != config.peerAddresses else { return }
        session.config.setPeers(change.list)
        if change.list.isEmpty {
            emptied(session, wasActive: wasActive)
        } else if wasActive {
            session.ranging?.stop()
            startRanging(session)
        }
    }

    /// STS_CONFIG 4: provisioned STS with a responder-specific sub-session key, the one STS
    /// configuration that takes the keys of multicast actions 2 and 3.
    static let subSessionKeySTSConfig: UInt8 = 0x04

    /// The response and notifications of a multicast list update, laid out for the UCI version.
    private func notifyMulticast(_ change: UCIMulticastChange, of session: UCISession, wasActive: Bool) {
        switch revision {
        case .v1:
            send(.response(.updateMulticastList(status: change.status, [])))
            send(.notification(.multicastListUpdate(UCIMulticastListNotification(
                sessionToken: session.handle,
                remainingListSize: UInt8(clamping: UCIProtocolLimits.maximumControlees - change.list.count),
                statuses: change.outcomes))))
        case .v2:
            let withoutIDs = { (statuses: [UCIControleeStatus]) in
                statuses.map { UCIControleeStatus(shortAddress: $0.shortAddress, status: $0.status) }
            }
            send(.response(.updateMulticastList(status: change.status, change.keysRefused ? [] : withoutIDs(change.outcomes))))
            let notified = change.keysRefused ? change.outcomes : wasActive ? change.removed : []
            if !notified.isEmpty {
                send(.notification(.multicastListUpdate(UCIMulticastListNotification(
                    sessionToken: session.handle, statuses: withoutIDs(notified)))))
            }
        }
    }

    /// A one-to-many session whose list became empty: an ACTIVE one stops and becomes IDLE; in
    /// UCI 2.0 SESSION_STATUS_NTF says IDLE with ERROR_INVALID_NUM_OF_CONTROLEES either way.
    private func emptied(_ session: UCISession, wasActive: Bool) {
        let reason: UCISessionStatusReason = revision == .v2 ? .invalidNumberOfControlees : .stateChangeWithSessionManagementCommands
        if wasActive {
            stopRanging(session, reason: reason)
        } else if revision == .v2 {
            notifyState(of: session, reason: reason)
        }
    }
}
