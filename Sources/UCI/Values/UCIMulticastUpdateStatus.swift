/// The per-controlee status of a multicast list update (response and notification).
///
/// Source: FiRa UCI, "Multicast list update status codes"; pica `uci_packets.pdl`
/// `MulticastUpdateStatus`.
public struct UCIMulticastUpdateStatus: UCICode {
    /// The raw status octet.
    public let rawValue: UInt8
    /// Wraps a raw status.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The controlee was added or removed.
    public static let ok = UCIMulticastUpdateStatus(rawValue: 0x00)
    /// The list is full.
    public static let listFull = UCIMulticastUpdateStatus(rawValue: 0x01)
    /// A sub-session key was given but the session's STS_CONFIG does not use one (UCI 2.0).
    public static let subSessionKeyNotApplicable = UCIMulticastUpdateStatus(rawValue: 0x05)
    /// The controlee is not in the list (remove).
    public static let addressNotFound = UCIMulticastUpdateStatus(rawValue: 0x07)
    /// The controlee is already in the list (add).
    public static let addressAlreadyPresent = UCIMulticastUpdateStatus(rawValue: 0x08)

    /// The statuses the specification names.
    public static let knownCodes: [(code: UCIMulticastUpdateStatus, name: String)] = [
        (.ok, "OK_MULTICAST_LIST_UPDATE"), (.listFull, "ERROR_MULTICAST_LIST_FULL"),
        (UCIMulticastUpdateStatus(rawValue: 0x02), "ERROR_KEY_FETCH_FAIL"),
        (UCIMulticastUpdateStatus(rawValue: 0x03), "ERROR_SUB_SESSION_ID_NOT_FOUND"),
        (UCIMulticastUpdateStatus(rawValue: 0x04), "ERROR_SUB_SESSION_KEY_NOT_FOUND"),
        (.subSessionKeyNotApplicable, "ERROR_SUB_SESSION_KEY_NOT_APPLICABLE"),
        (UCIMulticastUpdateStatus(rawValue: 0x06), "ERROR_SESSION_KEY_NOT_FOUND"),
        (.addressNotFound, "ERROR_ADDRESS_NOT_FOUND"), (.addressAlreadyPresent, "ERROR_ADDRESS_ALREADY_PRESENT"),
    ]
}
