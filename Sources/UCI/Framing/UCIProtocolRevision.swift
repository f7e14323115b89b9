/// The generation of the UCI specification a message is laid out for, where UCI 1.x and 2.0
/// differ (SESSION_INIT_RSP, the multicast list response and notification).
///
/// A host learns it from GET_DEVICE_INFO_RSP (`UCIDeviceInfo.uciVersion`); a UWBS answers in
/// the revision it implements.
public enum UCIProtocolRevision: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// FiRa UCI 1.0 and 1.1: sessions are named by the host's session id.
    case v1
    /// FiRa UCI 2.0: SESSION_INIT_RSP returns a UWBS-chosen session handle, used afterwards.
    case v2

    /// `UCI 1.x` or `UCI 2.0`.
    public var description: String {
        switch self {
        case .v1: "UCI 1.x"
        case .v2: "UCI 2.0"
        }
    }
}
