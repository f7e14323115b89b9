/// The action of SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD.
///
/// Source: FiRa UCI section 7.7; pica `uci_packets.pdl` `UpdateMulticastListAction`.
/// UCI 1.x defines add (0) and remove (1); UCI 2.0 adds 2 and 3, which carry a sub-session key.
public struct UCIMulticastAction: UCICode {
    /// The raw action octet.
    public let rawValue: UInt8
    /// Wraps a raw action.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Add controlees.
    public static let add = UCIMulticastAction(rawValue: 0x00)
    /// Remove controlees.
    public static let remove = UCIMulticastAction(rawValue: 0x01)
    /// Add controlees, each with a 16-octet sub-session key (UCI 2.0).
    public static let addWithShortSubSessionKey = UCIMulticastAction(rawValue: 0x02)
    /// Add controlees, each with a 32-octet sub-session key (UCI 2.0).
    public static let addWithExtendedSubSessionKey = UCIMulticastAction(rawValue: 0x03)

    /// The actions the specification names.
    public static let knownCodes: [(code: UCIMulticastAction, name: String)] = [
        (.add, "ADD_CONTROLEE"), (.remove, "REMOVE_CONTROLEE"),
        (.addWithShortSubSessionKey, "ADD_CONTROLEE_WITH_SHORT_SUB_SESSION_KEY"),
        (.addWithExtendedSubSessionKey, "ADD_CONTROLEE_WITH_EXTENDED_SUB_SESSION_KEY"),
    ]

    /// The sub-session key size each controlee entry carries with this action (0: none).
    public var subSessionKeySize: Int {
        switch self {
        case .addWithShortSubSessionKey: 16
        case .addWithExtendedSubSessionKey: 32
        default: 0
        }
    }
}
