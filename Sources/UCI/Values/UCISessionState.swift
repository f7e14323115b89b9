/// A session's state in SESSION_STATUS_NTF and SESSION_GET_STATE_RSP.
///
/// Source: pica `uci_packets.pdl` `SessionState`.
public struct UCISessionState: UCICode {
    /// The raw state octet.
    public let rawValue: UInt8
    /// Wraps a raw state.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Created by SESSION_INIT, not configured yet.
    public static let initialized = UCISessionState(rawValue: 0x00)
    /// Removed by SESSION_DEINIT.
    public static let deinitialized = UCISessionState(rawValue: 0x01)
    /// Ranging.
    public static let active = UCISessionState(rawValue: 0x02)
    /// Configured and not ranging.
    public static let idle = UCISessionState(rawValue: 0x03)

    /// The states the specification names.
    public static let knownCodes: [(code: UCISessionState, name: String)] = [
        (.initialized, "SESSION_STATE_INIT"), (.deinitialized, "SESSION_STATE_DEINIT"),
        (.active, "SESSION_STATE_ACTIVE"), (.idle, "SESSION_STATE_IDLE"),
    ]
}
