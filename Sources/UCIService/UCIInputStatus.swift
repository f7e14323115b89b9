import UCI

/// The status a UWBS answers malformed input with (FiRa UCI Generic Specification, section 4
/// and the status table): what the server sends back for each `UCIError`.
enum UCIInputStatus {
    /// A framing error of the reassembler (reserved message type, unknown data packet format,
    /// a segment of another message in the middle of a segmented one, a message too long): the
    /// packet or partial message is dropped and GENERIC_ERROR_NTF carries this status.
    static func framing(_ error: UCIError) -> UCIStatus {
        switch error {
        case .messageTooLong: .invalidMessageSize
        default: .syntaxError
        }
    }

    /// A command whose payload did not decode: INVALID_MESSAGE_SIZE when it is too short or too
    /// long for its fields, SYNTAX_ERROR for a value its format does not allow.
    static func payload(_ error: UCIError) -> UCIStatus {
        switch error {
        case .truncatedField, .unexpectedOctets, .tooLong: .invalidMessageSize
        default: .syntaxError
        }
    }

    /// The answer to a command the server does not implement: UNKNOWN_OID in a group it knows,
    /// UNKNOWN_GID otherwise.
    static func unknown(group: UCIGroupID) -> UCIStatus {
        [UCIGroupID.core, .sessionConfig, .sessionControl].contains(group) ? .unknownOID : .unknownGID
    }
}
