/// One controlee entry of SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD: short address (2),
/// sub-session id (4) and, for the UCI 2.0 key actions, the sub-session key (16 or 32).
///
/// Source: pica `uci_packets.pdl` `Controlee`, `Controlee_V2_0_16_Byte_Version`,
/// `Controlee_V2_0_32_Byte_Version`.
public struct UCIMulticastControlee: Hashable, Sendable {
    /// The controlee's short MAC address.
    public var shortAddress: UInt16
    /// The sub-session id (0 when the controlee uses the session's keys).
    public var subSessionID: UInt32
    /// The sub-session key: empty for add/remove, 16 or 32 octets for the key actions.
    public var subSessionKey: [UInt8]

    /// A controlee entry.
    public init(shortAddress: UInt16, subSessionID: UInt32 = 0, subSessionKey: [UInt8] = []) {
        self.shortAddress = shortAddress
        self.subSessionID = subSessionID
        self.subSessionKey = subSessionKey
    }
}
