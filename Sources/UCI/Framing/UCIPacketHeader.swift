/// The 4-octet header of one UCI packet.
///
/// Control packet: octet 0 = MT (bits 7–5) | PBF (bit 4) | GID (bits 3–0); octet 1 = RFU
/// (bits 7–6) | OID (bits 5–0); octet 2 = RFU; octet 3 = payload length.
/// Data packet: octet 0 = MT 0 | PBF | DPF (bits 3–0); octet 1 = RFU; octets 2–3 = payload
/// length, little endian.
/// Source: FiRa UCI Generic Specification, packet format; pica `uci_packets.pdl`
/// `ControlPacketHeader`, `DataPacketHeader`, `ControlPacket`, `DataPacket`.
public struct UCIPacketHeader: Hashable, Sendable {
    /// The message this packet is (a segment of).
    public var message: UCIMessageHeader
    /// The packet boundary flag: `true` when more segments of the message follow.
    public var isSegmentFollowed: Bool
    /// The number of payload octets after the header.
    public var payloadLength: Int

    /// A header; `payloadLength` must fit the header's length field (255 for control, 65 535 for data).
    public init(message: UCIMessageHeader, isSegmentFollowed: Bool, payloadLength: Int) {
        self.message = message
        self.isSegmentFollowed = isSegmentFollowed
        self.payloadLength = payloadLength
    }

    /// Decodes the first 4 octets of `octets`.
    public init(decoding octets: some Collection<UInt8>) throws(UCIError) {
        let header = Array(octets.prefix(UCIConstants.headerSize))
        guard header.count == UCIConstants.headerSize else { throw .truncatedHeader(present: header.count) }
        let type = try UCIMessageType(bits: header[0] >> UCIConstants.messageTypeShift)
        let lowNibble = header[0] & UCIConstants.lowNibbleMask
        isSegmentFollowed = header[0] & UCIConstants.packetBoundaryFlagMask != 0
        switch type {
        case .data:
            message = .data(try UCIDataPacketFormat(bits: lowNibble))
            payloadLength = Int(header[2]) | Int(header[3]) << 8
        case .command, .response, .notification:
            message = .control(type: type, group: UCIGroupID(rawValue: lowNibble), opcode: UCIOpcodeID(rawValue: header[1]))
            payloadLength = Int(header[3])
        }
    }

    /// The 4 header octets (RFU bits zero). Throws when the payload length does not fit.
    public func encoded() throws(UCIError) -> [UInt8] {
        let limit = message.maximumPacketPayloadSize
        guard (0...limit).contains(payloadLength) else {
            throw .tooLong(message: "UCI packet header", field: "payload length", count: payloadLength, maximum: limit)
        }
        let flag = isSegmentFollowed ? UCIConstants.packetBoundaryFlagMask : 0
        let typeBits = message.messageType.rawValue << UCIConstants.messageTypeShift
        switch message {
        case .control(_, let group, let opcode):
            return [typeBits | flag | group.rawValue, opcode.rawValue, 0, UInt8(payloadLength)]
        case .data(let format):
            var octets: [UInt8] = [typeBits | flag | format.rawValue, 0]
            octets.appendLittleEndian(UInt16(payloadLength))
            return octets
        }
    }
}
