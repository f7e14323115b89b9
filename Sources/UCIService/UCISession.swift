import UCI

/// A FiRa session of one host: what SESSION_INIT made and SET_APP_CONFIG configured, its state,
/// and its ranging while ACTIVE.
final class UCISession {
    /// The session id the host chose.
    let id: UInt32
    /// The session handle the server gave it (UCI 2.0's token in every later session message).
    let handle: UInt32
    /// The session type.
    let type: UCISessionType
    /// Its state.
    var state = UCISessionState.initialized
    /// Its application configuration.
    var config = UCIAppConfig()
    /// Ranging rounds made since it was created (SESSION_GET_RANGING_COUNT).
    var rangingCount: UInt32 = 0
    /// Its ranging on the device while ACTIVE.
    var ranging: UCISessionRanging?

    /// A new session, in state INIT.
    init(id: UInt32, handle: UInt32, type: UCISessionType) {
        self.id = id
        self.handle = handle
        self.type = type
    }
}
