/// What a UCI message is, as its packet headers say it: a control message's type, group and
/// opcode, or a data message's format. Every segment of one message carries the same.
public enum UCIMessageHeader: Hashable, Sendable, CustomStringConvertible {
    /// A command, response or notification of group `group` and opcode `opcode`.
    /// `type` is never `.data`: data messages use the `.data` case.
    case control(type: UCIMessageType, group: UCIGroupID, opcode: UCIOpcodeID)
    /// A data message (MT 0) of the given format.
    case data(UCIDataPacketFormat)

    /// The message type (MT) of the header.
    public var messageType: UCIMessageType {
        switch self {
        case .control(let type, _, _): type
        case .data: .data
        }
    }

    /// The largest payload one packet of this message can carry.
    public var maximumPacketPayloadSize: Int {
        switch self {
        case .control: UCIConstants.maximumControlPayloadSize
        case .data: UCIConstants.maximumDataPayloadSize
        }
    }

    /// e.g. `command GID CORE (0x00) OID 0x02` or `data DATA_SND`.
    public var description: String {
        switch self {
        case .control(let type, let group, let opcode): "\(type) GID \(group) OID \(opcode)"
        case .data(let format): "data \(format)"
        }
    }
}
