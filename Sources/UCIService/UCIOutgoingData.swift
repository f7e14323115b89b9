import UCI

/// A DATA_MESSAGE_SND the server accepted and has not delivered yet: it goes to the destination
/// at the end of the next ranging round the session completes with it.
struct UCIOutgoingData {
    /// The message as the host sent it.
    let message: UCIDataSend
    /// The address the destination's frames carry: its short address, or the two low octets of its extended one.
    let destination: UInt16
    /// The rounds with the destination that ended without delivering it.
    var attempts = 0

    /// The low octet of the host's sequence number, as SESSION_DATA_TRANSFER_STATUS_NTF carries it.
    var shortSequenceNumber: UInt8 { UInt8(truncatingIfNeeded: message.sequenceNumber) }
}
