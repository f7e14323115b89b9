import UCI

/// One link of ``UCILinks``: a FiRa session on the UCI device, from SESSION_INIT to
/// SESSION_DEINIT, ranging with a peer or listening to DL-TDoA anchors. Loop only.
final class UCILinkSession {
    /// What the session is for, and where its results go.
    enum Purpose {
        /// Ranging with the pairing's peer; results to the handlers.
        case ranging(SessionPairing, LinkHandlers)
        /// Listening to DL-TDoA anchors as a DT-tag: every round's messages to `heard`, the
        /// device's refusal to `failed`.
        case listening(heard: ([NIDLTDOAMeasurement]) -> Void, failed: (NIError) -> Void)
    }

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
    /// What it is for.
    let purpose: Purpose
    var phase = Phase.initializing
    /// The token of session messages (the handle in UCI 2.0, the session id in 1.x), once known.
    var token: UInt32?
    /// Whether SESSION_STATUS_NTF IDLE came before this side was ready to start.
    var idleSeen = false
    /// When the previous measurement was made, on the device's loop.
    var lastMeasurement: Duration?

    /// A session with `plan` for `purpose`.
    init(id: SessionLinkID, plan: FiRaSessionPlan, purpose: Purpose) {
        self.id = id
        self.plan = plan
        self.purpose = purpose
    }

    /// Tells whoever the session reports to that it cannot go on.
    func fail(_ error: NIError) {
        switch purpose {
        case .ranging(_, let handlers): handlers.failed(error)
        case .listening(_, let failed): failed(error)
        }
    }
}
