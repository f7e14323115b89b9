import UCI

/// One link of ``UCILinks``: a FiRa session on the UCI device, from SESSION_INIT to
/// SESSION_DEINIT. Loop only.
final class UCILinkSession {
    /// Where the FiRa session stands, as this side has driven it.
    enum Phase: Hashable {
        /// SESSION_INIT sent, no handle yet.
        case initializing
        /// SET_APP_CONFIG sent.
        case configuring
        /// Configured; waiting for SESSION_STATUS_NTF IDLE before SESSION_START.
        case awaitingIdle
        /// SESSION_START sent.
        case starting
        /// Ranging.
        case active
        /// Stopped by this side: the session is (being) ended on the device.
        case ended
    }

    /// The link's identifier.
    let id: SessionLinkID
    /// The FiRa session: id and parameters.
    let plan: FiRaSessionPlan
    /// The pairing the session runs.
    let pairing: SessionPairing
    /// Where its results go.
    let handlers: LinkHandlers
    var phase = Phase.initializing
    /// The token of session messages (the handle in UCI 2.0, the session id in 1.x), once known.
    var token: UInt32?
    /// Whether SESSION_STATUS_NTF IDLE came before this side was ready to start.
    var idleSeen = false
    /// When the previous measurement was made, on the device's loop.
    var lastMeasurement: Duration?

    /// A session for `pairing` with `plan`, reporting to `handlers`.
    init(id: SessionLinkID, plan: FiRaSessionPlan, pairing: SessionPairing, handlers: LinkHandlers) {
        self.id = id
        self.plan = plan
        self.pairing = pairing
        self.handlers = handlers
    }
}
