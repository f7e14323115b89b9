/// What was wrong with UCI octets or a UCI value: every decoding and encoding failure of the
/// module, typed so a server can answer with the matching status and keep serving.
public enum UCIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 4 octets where a packet header should be.
    case truncatedHeader(present: Int)
    /// The header's payload length runs past the octets that were given.
    case payloadBeyondData(declared: Int, present: Int)
    /// Octets after a packet's declared payload, where a single packet was expected.
    case trailingOctets(count: Int)
    /// The 3-bit message type is not one of data (0), command (1), response (2), notification (3).
    case badMessageType(UInt8)
    /// A data packet whose data packet format is neither DATA_SND (1) nor DATA_RCV (2).
    case unknownDataPacketFormat(UInt8)
    /// A segment of another message arrived while a segmented message was being reassembled.
    case segmentMismatch(expected: UCIMessageHeader, received: UCIMessageHeader)
    /// A reassembled message grew past the reassembler's limit.
    case messageTooLong(limit: Int)
    /// A byte stream ended inside a packet or inside a segmented message.
    case incompleteAtEnd(bufferedOctets: Int)
    /// A segment size that cannot carry any payload, or more than the header can describe.
    case invalidSegmentSize(Int, maximum: Int)
    /// A message field needs more octets than the payload has left.
    case truncatedField(message: String, field: String, needed: Int, present: Int)
    /// Octets left in a payload after its last field.
    case unexpectedOctets(message: String, count: Int)
    /// A field holds a value its format does not allow.
    case invalidValue(message: String, field: String, value: UInt64)
    /// A list or value is longer than its length octet (or a fixed size) allows.
    case tooLong(message: String, field: String, count: Int, maximum: Int)
    /// A field the message needs in this UCI version is missing from the value.
    case missingField(message: String, field: String, version: UCIProtocolRevision)
    /// A known message kind decoded with a header of another type or group.
    case headerMismatch(message: String, header: UCIMessageHeader)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .truncatedHeader(let present):
            "UCI packet header truncated: \(present) of \(UCIConstants.headerSize) octets"
        case .payloadBeyondData(let declared, let present):
            "UCI packet declares a \(declared)-octet payload but only \(present) octets follow the header"
        case .trailingOctets(let count):
            "\(count) octets follow the UCI packet's declared payload"
        case .badMessageType(let type):
            "UCI message type \(type) is not data (0), command (1), response (2) or notification (3)"
        case .unknownDataPacketFormat(let format):
            "UCI data packet format \(format) is neither DATA_SND (1) nor DATA_RCV (2)"
        case .segmentMismatch(let expected, let received):
            "a segment of \(received) arrived in the middle of segmented \(expected); the partial message is dropped"
        case .messageTooLong(let limit):
            "reassembled UCI message longer than \(limit) octets; it is dropped"
        case .incompleteAtEnd(let buffered):
            "the byte stream ended inside a UCI packet or segmented message (\(buffered) octets unused)"
        case .invalidSegmentSize(let size, let maximum):
            "segment payload size \(size) is not between 1 and \(maximum)"
        case .truncatedField(let message, let field, let needed, let present):
            "\(message): \(field) needs \(needed) octets, \(present) left"
        case .unexpectedOctets(let message, let count):
            "\(message): \(count) unexpected octets after the last field"
        case .invalidValue(let message, let field, let value):
            "\(message): \(field) value \(value) is not allowed"
        case .tooLong(let message, let field, let count, let maximum):
            "\(message): \(field) has \(count) entries or octets, at most \(maximum) fit"
        case .missingField(let message, let field, let version):
            "\(message): \(field) is required in \(version)"
        case .headerMismatch(let message, let header):
            "\(message) cannot be decoded from \(header)"
        }
    }
}
