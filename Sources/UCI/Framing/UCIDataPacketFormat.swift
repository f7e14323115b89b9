/// The 4-bit data packet format (DPF) of a data packet (octet 0, bits 3–0).
///
/// Source: pica `uci_packets.pdl` `DataPacketFormat`.
public enum UCIDataPacketFormat: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// DATA_MESSAGE_SND: application data from host to UWBS, to send to a peer.
    case dataSend = 0x1
    /// DATA_MESSAGE_RCV: application data a peer sent, from UWBS to host.
    case dataReceive = 0x2

    /// Decodes the 4 bits; any other value is rejected.
    init(bits: UInt8) throws(UCIError) {
        guard let format = UCIDataPacketFormat(rawValue: bits) else { throw .unknownDataPacketFormat(bits) }
        self = format
    }

    /// The specification's name.
    public var description: String {
        switch self {
        case .dataSend: "DATA_SND"
        case .dataReceive: "DATA_RCV"
        }
    }
}
