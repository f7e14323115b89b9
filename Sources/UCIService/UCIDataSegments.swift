import UCI
import UWBCore

/// Follows the data packets a host sends on one connection, for the credit of each segment: a
/// host that cuts a DATA_MESSAGE_SND into several data packets waits for a credit after each
/// one (Android's `uwb_core` does, at 255 octets unless the UWBS reports a larger size; pica
/// gives one back after every packet), while the reassembler hands the world only whole messages.
/// So the reader gives each packet here as it is cut, and a segment with more to follow earns its
/// session a SESSION_DATA_CREDIT_NTF at once.
///
/// The session handle is the first 4 octets (little endian) of a message's first segment; later
/// segments carry none, so it is remembered until the message's last segment.
struct UCIDataSegments {
    /// The handle of the data message whose segments are arriving, if one is.
    private var handle: UInt32?

    /// The session whose credit `packet` (one packet's octets, header included) earns back now:
    /// a DATA_MESSAGE_SND segment that more segments follow; nil for any other packet.
    mutating func creditDue(after packet: [UInt8]) -> UInt32? {
        guard let header = try? UCIPacketHeader(decoding: packet), header.message == .data(.dataSend) else { return nil }
        if handle == nil {
            var payload = ByteReader(packet.dropFirst(UCIConstants.headerSize))
            handle = payload.readIfPresent(UInt32.self)
        }
        let due = header.isSegmentFollowed ? handle : nil
        if !header.isSegmentFollowed {
            handle = nil
        }
        return due
    }
}
