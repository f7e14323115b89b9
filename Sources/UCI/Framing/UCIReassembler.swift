/// Turns octets arriving from a byte stream (TCP, a serial port) into complete UCI messages:
/// it cuts the stream into packets by their headers and joins the segments of a message (PBF 1
/// on every packet but the last).
///
/// Feed octets with `append(_:)` in pieces of any size, then call `nextMessage()` until it
/// returns `nil` (more octets needed). A framing error is thrown once, with the offending
/// packet (or partial message) dropped, and the reassembler goes on with what follows:
/// - a header with a reserved message type (4–7) is skipped as a control-layout packet
///   (payload length in octet 3);
/// - a data packet with an unknown DPF is skipped by its 2-octet length;
/// - a packet of another message in the middle of a segmented one drops the partial message
///   and starts anew with that packet;
/// - a message longer than `maximumMessageSize` is dropped up to its last segment.
///
/// A byte stream carries no resynchronisation marker: after a header that lies about its
/// length, packets are cut where that length says.
public struct UCIReassembler: Sendable {
    /// The largest reassembled payload accepted.
    public let maximumMessageSize: Int
    /// Octets received and not consumed; consumed ones are before `readIndex`.
    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// The segmented message being joined.
    private var partial: UCIRawMessage?
    /// A too-long message whose remaining segments are skipped.
    private var discarding: UCIMessageHeader?
    /// The octets of each packet cut since the last ``takePackets()``, when ``keepsPackets``.
    private var cutPackets: [[UInt8]] = []

    /// Whether the octets of every packet cut from the stream are kept for ``takePackets()``
    /// (a trace records packets as they were on the wire); off by default.
    public var keepsPackets = false

    /// A reassembler that refuses messages longer than `maximumMessageSize` octets.
    public init(maximumMessageSize: Int = UCIConstants.defaultMaximumMessageSize) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// The octets received but not yet part of a returned message or a thrown error.
    public var bufferedCount: Int { buffer.count - readIndex + (partial?.payload.count ?? 0) }

    /// Adds octets as they arrive.
    public mutating func append(_ octets: some Sequence<UInt8>) {
        if readIndex > 0, readIndex >= buffer.count / 2 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: octets)
    }

    /// The next complete message, `nil` when more octets are needed, or the framing error of
    /// the next packet (which is then dropped, so the following call goes on after it).
    public mutating func nextMessage() throws(UCIError) -> UCIRawMessage? {
        while let packet = try nextPacket() {
            if let message = try accept(packet) { return message }
        }
        return nil
    }

    /// Every message and error that the octets received so far complete, in order.
    public mutating func drain() -> [Result<UCIRawMessage, UCIError>] {
        var results: [Result<UCIRawMessage, UCIError>] = []
        while true {
            do throws(UCIError) {
                guard let message = try nextMessage() else { return results }
                results.append(.success(message))
            } catch {
                results.append(.failure(error))
            }
        }
    }

    /// The octets of every packet cut from the stream since the last call, in order (those of
    /// messages returned, of partial messages and of packets dropped for framing errors alike),
    /// when ``keepsPackets`` is on; empty otherwise.
    public mutating func takePackets() -> [[UInt8]] {
        defer { cutPackets = [] }
        return cutPackets
    }

    /// Checks that the stream ended between messages; throws and clears the state otherwise.
    public mutating func finish() throws(UCIError) {
        let left = bufferedCount
        buffer = []
        readIndex = 0
        partial = nil
        discarding = nil
        guard left == 0 else { throw .incompleteAtEnd(bufferedOctets: left) }
    }

    /// The next whole packet in the buffer, consumed; `nil` when it has not fully arrived.
    private mutating func nextPacket() throws(UCIError) -> UCIPacket? {
        let available = buffer.count - readIndex
        guard available >= UCIConstants.headerSize else { return nil }
        let headerOctets = buffer[readIndex..<(readIndex + UCIConstants.headerSize)]
        let header: UCIPacketHeader
        do throws(UCIError) {
            header = try UCIPacketHeader(decoding: headerOctets)
        } catch {
            try skipUndecodablePacket(headerOctets, available: available, error: error)
            return nil
        }
        let packetSize = UCIConstants.headerSize + header.payloadLength
        guard available >= packetSize else { return nil }
        let payload = Array(buffer[(readIndex + UCIConstants.headerSize)..<(readIndex + packetSize)])
        keepPacket(size: packetSize)
        readIndex += packetSize
        return UCIPacket(message: header.message, isSegmentFollowed: header.isSegmentFollowed, payload: payload)
    }

    /// Drops a packet whose header does not decode, once all of it has arrived, and throws why.
    private mutating func skipUndecodablePacket(
        _ header: ArraySlice<UInt8>, available: Int, error: UCIError
    ) throws(UCIError) {
        let octets = Array(header)
        let isData = octets[0] >> UCIConstants.messageTypeShift == UCIMessageType.data.rawValue
        let payloadLength = isData ? Int(octets[2]) | Int(octets[3]) << 8 : Int(octets[3])
        let packetSize = UCIConstants.headerSize + payloadLength
        guard available >= packetSize else { return }
        keepPacket(size: packetSize)
        readIndex += packetSize
        throw error
    }

    /// Keeps the `size` octets of the packet at the read index, when ``keepsPackets``.
    private mutating func keepPacket(size: Int) {
        guard keepsPackets else { return }
        cutPackets.append(Array(buffer[readIndex..<(readIndex + size)]))
    }

    /// Adds a packet to the message being joined; returns the message when it is complete.
    private mutating func accept(_ packet: UCIPacket) throws(UCIError) -> UCIRawMessage? {
        let header = packet.header.message
        if let skipped = discarding, skipped == header {
            if !packet.header.isSegmentFollowed { discarding = nil }
            return nil
        }
        discarding = nil
        var message = partial ?? UCIRawMessage(header: header, payload: [])
        if message.header != header {
            partial = nil
            readIndex -= UCIConstants.headerSize + packet.payload.count
            // The packet is cut again as the start of the next message: keep it once.
            if keepsPackets, !cutPackets.isEmpty { cutPackets.removeLast() }
            throw .segmentMismatch(expected: message.header, received: header)
        }
        guard message.payload.count + packet.payload.count <= maximumMessageSize else {
            partial = nil
            if packet.header.isSegmentFollowed { discarding = header }
            throw .messageTooLong(limit: maximumMessageSize)
        }
        message.payload += packet.payload
        if packet.header.isSegmentFollowed {
            partial = message
            return nil
        }
        partial = nil
        return message
    }
}
