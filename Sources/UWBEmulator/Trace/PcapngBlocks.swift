import UWBCore

/// The blocks of a swift-uwb pcapng trace, as both writers (``PcapngWriter`` in memory,
/// ``PcapngFileWriter`` streaming to a file) lay them out, so that the two give the same octets for
/// the same records:
/// - a Section Header Block, version 1.0, section length "unspecified", with `shb_userappl`
///   "swift-uwb" (draft-ietf-opsawg-pcapng §4.1);
/// - one Interface Description Block (§4.2), link type 195 (LINKTYPE_IEEE802_15_4_WITHFCS; see
///   `PcapngFormat.linkTypeIEEE802154WithFCS` for why), `if_name` "uwb-emulator" (a capture
///   names its device instead, ``headerBlocks(interfaceName:)``), and
///   `if_tsresol` 9 (nanoseconds; see `PcapngTimestamp` for the choice and the rounding). One
///   interface stands for the whole medium; the sender and receivers are in each packet's
///   comment, so a per-device interface would add nothing;
/// - one Enhanced Packet Block (§4.3) per record: timestamp = the record's time rounded to the
///   nanosecond with the start of the simulation at the Unix epoch, packet data = the MAC frame
///   with its FCS, and an `opt_comment` holding the sender and receptions in the grammar of
///   `TraceMetadataComment` (for example `from=alice to=bob:-71.3dBm:received`).
enum PcapngBlocks {
    /// The interface name written into `if_name` of the emulator's own traces.
    static let interfaceName = "uwb-emulator"

    /// The Section Header Block and the Interface Description Block that open every trace.
    static let header = headerBlocks(interfaceName: interfaceName)

    /// The Section Header Block and an Interface Description Block whose `if_name` is
    /// `interfaceName`.
    static func headerBlocks(interfaceName: String) -> [UInt8] {
        PcapngBlockLayout.sectionHeader
            + PcapngBlockLayout.interfaceDescription(linkType: PcapngFormat.linkTypeIEEE802154WithFCS, name: interfaceName)
    }

    /// The Enhanced Packet Block for `record` (§4.3): interface 0, timestamp, the frame and an
    /// `opt_comment`.
    ///
    /// - Throws: ``TraceError/negativeTime(_:)`` if the record's time is before the start of the
    ///   simulation, ``TraceError/commentTooLong(octets:)`` if its metadata exceeds what a pcapng
    ///   option holds, ``TraceError/frameTooLong(octets:)`` if its frame exceeds a block's length.
    static func packetBlock(for record: TraceRecord) throws(TraceError) -> [UInt8] {
        guard let timestamp = PcapngTimestamp.nanoseconds(fromPicoseconds: record.time) else {
            throw .negativeTime(record.time)
        }
        let comment = Array(TraceMetadataComment.text(for: record).utf8)
        guard comment.count <= PcapngFormat.maximumOptionLength else {
            throw .commentTooLong(octets: comment.count)
        }
        guard let block = PcapngBlockLayout.enhancedPacket(
            interface: 0, nanoseconds: timestamp, data: record.frame, options: [(PcapngFormat.commentOption, comment)])
        else {
            throw .frameTooLong(octets: record.frame.count)
        }
        return block
    }
}
