/// Any UCI message, decoded: what a byte stream carries in either direction. A host sends
/// commands and data to send and receives the rest; a UWBS the reverse.
public enum UCIMessage: Hashable, Sendable {
    /// A command (host to UWBS).
    case command(UCICommand)
    /// A response (UWBS to host).
    case response(UCIResponse)
    /// A notification (UWBS to host).
    case notification(UCINotification)
    /// A data message (either direction, by its format).
    case data(UCIDataMessage)

    /// Decodes a reassembled message laid out for `version`.
    public init(decoding raw: UCIRawMessage, version: UCIProtocolRevision) throws(UCIError) {
        switch raw.header.messageType {
        case .command: self = .command(try UCICommand(decoding: raw))
        case .response: self = .response(try UCIResponse(decoding: raw, version: version))
        case .notification: self = .notification(try UCINotification(decoding: raw, version: version))
        case .data: self = .data(try UCIDataMessage(decoding: raw))
        }
    }

    /// The message, laid out for `version`, to segment into packets.
    public func encoded(version: UCIProtocolRevision) throws(UCIError) -> UCIRawMessage {
        switch self {
        case .command(let command): try command.encoded()
        case .response(let response): try response.encoded(version: version)
        case .notification(let notification): try notification.encoded(version: version)
        case .data(let data): try data.encoded()
        }
    }
}
