/// One UCI packet: a header and its payload, which may be one segment of a longer message.
public struct UCIPacket: Hashable, Sendable {
    /// The packet's header; its `payloadLength` is `payload.count`.
    public var header: UCIPacketHeader
    /// The payload octets of this packet.
    public var payload: [UInt8]

    /// A packet of `payload` for `message`, marked as followed by more segments or not.
    public init(message: UCIMessageHeader, isSegmentFollowed: Bool, payload: [UInt8]) {
        header = UCIPacketHeader(message: message, isSegmentFollowed: isSegmentFollowed, payloadLength: payload.count)
        self.payload = payload
    }

    /// Decodes exactly one packet (a datagram): the header, then as many octets as it declares.
    public init(decoding octets: [UInt8]) throws(UCIError) {
        header = try UCIPacketHeader(decoding: octets)
        let present = octets.count - UCIConstants.headerSize
        guard header.payloadLength <= present else {
            throw .payloadBeyondData(declared: header.payloadLength, present: present)
        }
        guard header.payloadLength == present else { throw .trailingOctets(count: present - header.payloadLength) }
        payload = Array(octets[UCIConstants.headerSize...])
    }

    /// The header then the payload.
    public func encoded() throws(UCIError) -> [UInt8] {
        var header = header
        header.payloadLength = payload.count
        return try header.encoded() + payload
    }
}
