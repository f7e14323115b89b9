/// DATA_MESSAGE_RCV (data packet, DPF 2), UWBS to host: session handle (4), status (1), source
/// MAC address (8), UCI sequence number (2), application data length (2), application data.
///
/// Source: pica `uci_packets.pdl` `DataMessageRcv` (UCI 2.0). Its status uses the data receive
/// codes (0 success, 1 error, 2 unknown), kept here as a raw `UCIStatus`.
public struct UCIDataReceive: Hashable, Sendable {
    /// The session handle (or session id).
    public var sessionToken: UInt32
    /// 0x00 success, 0x01 error, 0x02 unknown.
    public var status: UCIStatus
    /// The sender's MAC address.
    public var sourceAddress: UInt64
    /// The sender's sequence number.
    public var sequenceNumber: UInt16
    /// The application data.
    public var data: [UInt8]

    /// A received data message.
    public init(sessionToken: UInt32, status: UCIStatus = .ok, sourceAddress: UInt64, sequenceNumber: UInt16, data: [UInt8]) {
        self.sessionToken = sessionToken
        self.status = status
        self.sourceAddress = sourceAddress
        self.sequenceNumber = sequenceNumber
        self.data = data
    }
}
