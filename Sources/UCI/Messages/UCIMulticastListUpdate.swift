/// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD: session token (4), action (1), number of
/// controlees (1), controlee entries (`UCIMulticastControlee`, laid out by the action).
///
/// Source: pica `uci_packets.pdl` `SessionUpdateControllerMulticastListCmd` and its payloads.
public struct UCIMulticastListUpdate: Hashable, Sendable {
    /// The session id (UCI 1.x) or session handle (UCI 2.0).
    public var sessionToken: UInt32
    /// Add or remove.
    public var action: UCIMulticastAction
    /// The controlees to add or remove.
    public var controlees: [UCIMulticastControlee]

    /// A multicast list update.
    public init(sessionToken: UInt32, action: UCIMulticastAction, controlees: [UCIMulticastControlee]) {
        self.sessionToken = sessionToken
        self.action = action
        self.controlees = controlees
    }
}
