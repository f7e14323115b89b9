import UCI

/// A FiRa session of one host: what SESSION_INIT made and SET_APP_CONFIG configured, its state,
/// its ranging while ACTIVE and the data it is sending.
final class UCISession {
    /// The session id the host chose.
    let id: UInt32
    /// The session's token in every later session message: the handle the server gave it in
    /// UCI 2.0, the session id in UCI 1.x.
    let handle: UInt32
    /// The session type.
    let type: UCISessionType
    /// Its state.
    var state = UCISessionState.initialized
    /// Its application configuration.
    var config = UCIAppConfig()
    /// Ranging rounds reported since it was created (SESSION_GET_RANGING_COUNT).
    var rangingCount: UInt32 = 0
    /// The sequence number of its last SESSION_INFO_NTF.
    var infoSequence: UInt32 = 0
    /// Its ranging on the device while ACTIVE (a two-way session).
    var ranging: UCISessionRanging?
    /// What it does while ACTIVE in a one-way role (DT-tag, advertiser, observer).
    var oneWay: (any UCIOneWaySession)?
    /// Whether the host may send a DATA_MESSAGE_SND: the UWBS's one credit, taken by an accepted
    /// message and given back when its transfer ends.
    var hasDataCredit = true
    /// The data message being sent, if any.
    var outgoingData: UCIOutgoingData?

    /// A new session, in state INIT.
    init(id: UInt32, handle: UInt32, type: UCISessionType) {
        self.id = id
        self.handle = handle
        self.type = type
    }
}
