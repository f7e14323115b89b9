/// DATA_MESSAGE_SND (data packet, DPF 1), host to UWBS: session handle (4), destination MAC
/// address (8), UCI sequence number (2), application data length (2), application data.
///
/// Source: pica `uci_packets.pdl` `DataMessageSnd` (UCI 2.0).
public struct UCIDataSend: Hashable, Sendable {
    /// The session handle (or session id).
    public var sessionToken: UInt32
    /// The peer's MAC address (a short address in the low 16 bits).
    public var destinationAddress: UInt64
    /// The host's sequence number, echoed in DATA_TRANSFER_STATUS_NTF.
    public var sequenceNumber: UInt16
    /// The application data.
    public var data: [UInt8]

    /// A data message to send.
    public init(sessionToken: UInt32, destinationAddress: UInt64, sequenceNumber: UInt16, data: [UInt8]) {
        self.sessionToken = sessionToken
        self.destinationAddress = destinationAddress
        self.sequenceNumber = sequenceNumber
        self.data = data
    }
}
