/// The 3-bit message type (MT) of a UCI packet header (octet 0, bits 7–5).
///
/// Source: FiRa UCI Generic Specification, packet header; pica `uci_packets.pdl` `MessageType`.
public enum UCIMessageType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// A data packet (DATA_SND / DATA_RCV).
    case data = 0
    /// A command, from host to UWBS.
    case command = 1
    /// A response, from UWBS to host, one for each command.
    case response = 2
    /// A notification, from UWBS to host, unsolicited.
    case notification = 3

    /// Decodes the 3 bits; 4–7 are reserved and rejected.
    init(bits: UInt8) throws(UCIError) {
        guard let type = UCIMessageType(rawValue: bits) else { throw .badMessageType(bits) }
        self = type
    }

    /// The lower-case name (`command`, …).
    public var description: String {
        switch self {
        case .data: "data"
        case .command: "command"
        case .response: "response"
        case .notification: "notification"
        }
    }
}
