/// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_NTF.
///
/// UCI 1.x: session id (4), remaining multicast list size (1), number of controlees (1), then
/// per controlee short address (2), sub-session id (4), status (1).
/// UCI 2.0: session handle (4), number of controlees (1), then per controlee short address (2),
/// status (1).
/// Source: pica `uci_packets.pdl` `SessionUpdateControllerMulticastListNtf` (2.0); the same
/// packet in pica's PDL as it was for UCI 1.x (commit aaf58f3, until 8f104b0 "Update the format of
/// the notification Update Controller Multicast List" moved it to 2.0).
public struct UCIMulticastListNotification: Hashable, Sendable {
    /// The session id (UCI 1.x) or session handle (UCI 2.0).
    public var sessionToken: UInt32
    /// How many more controlees the list can take: UCI 1.x only, `nil` in 2.0.
    public var remainingListSize: UInt8?
    /// The outcome for each controlee of the update.
    public var statuses: [UCIControleeStatus]

    /// A multicast list notification.
    public init(sessionToken: UInt32, remainingListSize: UInt8? = nil, statuses: [UCIControleeStatus]) {
        self.sessionToken = sessionToken
        self.remainingListSize = remainingListSize
        self.statuses = statuses
    }
}
