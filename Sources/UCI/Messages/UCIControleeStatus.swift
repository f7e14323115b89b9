/// The outcome of a multicast list update for one controlee, in the response (UCI 2.0) and
/// the notification: short address (2), sub-session id (4, UCI 1.x notification only), status (1).
///
/// Source: pica `uci_packets.pdl` `ControleeStatus` (2.0); the 1.x entry with sub-session id as
/// pica's PDL had it for UCI 1.x (commit aaf58f3, before 8f104b0 moved it to 2.0).
public struct UCIControleeStatus: Hashable, Sendable {
    /// The controlee's short MAC address.
    public var shortAddress: UInt16
    /// The sub-session id: present in UCI 1.x notifications, `nil` in UCI 2.0.
    public var subSessionID: UInt32?
    /// Whether the controlee was added or removed, and why not.
    public var status: UCIMulticastUpdateStatus

    /// A controlee status.
    public init(shortAddress: UInt16, subSessionID: UInt32? = nil, status: UCIMulticastUpdateStatus) {
        self.shortAddress = shortAddress
        self.subSessionID = subSessionID
        self.status = status
    }
}
