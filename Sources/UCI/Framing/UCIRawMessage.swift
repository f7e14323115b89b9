/// A complete UCI message, reassembled from its packets but not yet decoded: its header and
/// the concatenated payload. `UCIMessage` decodes it into a typed value.
public struct UCIRawMessage: Hashable, Sendable {
    /// What the message is (type, group and opcode, or data format).
    public var header: UCIMessageHeader
    /// The whole payload, all segments joined.
    public var payload: [UInt8]

    /// A message of `header` carrying `payload`.
    public init(header: UCIMessageHeader, payload: [UInt8]) {
        self.header = header
        self.payload = payload
    }

    /// Splits the message into packets of at most `maximumPayloadSize` payload octets (by
    /// default the most the header can describe: 255 for control, 65 535 for data), every one
    /// but the last with the packet boundary flag set. An empty payload gives one empty packet.
    public func segmented(maximumPayloadSize: Int? = nil) throws(UCIError) -> [UCIPacket] {
        let limit = header.maximumPacketPayloadSize
        let size = maximumPayloadSize ?? limit
        guard (1...limit).contains(size) else { throw .invalidSegmentSize(size, maximum: limit) }
        guard !payload.isEmpty else { return [UCIPacket(message: header, isSegmentFollowed: false, payload: [])] }
        return stride(from: 0, to: payload.count, by: size).map { start in
            let end = min(start + size, payload.count)
            return UCIPacket(message: header, isSegmentFollowed: end < payload.count, payload: Array(payload[start..<end]))
        }
    }

    /// The octets of all packets of `segmented(maximumPayloadSize:)`, back to back, as they go
    /// on a byte stream.
    public func encoded(maximumPayloadSize: Int? = nil) throws(UCIError) -> [UInt8] {
        Array(try packetOctets(maximumPayloadSize: maximumPayloadSize).joined())
    }

    /// The octets of each packet of `segmented(maximumPayloadSize:)`: what a trace records, one
    /// packet at a time.
    public func packetOctets(maximumPayloadSize: Int? = nil) throws(UCIError) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        for packet in try segmented(maximumPayloadSize: maximumPayloadSize) {
            packets.append(try packet.encoded())
        }
        return packets
    }
}
