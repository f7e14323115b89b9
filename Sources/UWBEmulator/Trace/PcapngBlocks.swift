import Foundation

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
    /// The Section Header Block and the Interface Description Block that open every trace.
    static let header = headerBlocks(interfaceName: PcapngFormat.interfaceName)

    /// The Section Header Block and an Interface Description Block whose `if_name` is
    /// `interfaceName`.
    static func headerBlocks(interfaceName: String) -> [UInt8] {
        sectionHeaderBlock + interfaceDescriptionBlock(interfaceName: interfaceName)
    }

    /// The Section Header Block: byte-order magic, version 1.0, unspecified section length,
    /// `shb_userappl` (§4.1).
    private static let sectionHeaderBlock: [UInt8] = {
        var builder = PcapngBlockBuilder()
        builder.append(PcapngFormat.byteOrderMagic)
        builder.append(PcapngFormat.majorVersion)
        builder.append(PcapngFormat.minorVersion)
        builder.append(UInt64(bitPattern: PcapngFormat.unspecifiedSectionLength))
        builder.appendOption(code: PcapngFormat.userApplicationOption, value: Array(PcapngFormat.userApplication.utf8))
        builder.appendEndOfOptions()
        return builder.block(type: PcapngFormat.sectionHeaderBlockType) ?? []
    }()

    /// The Interface Description Block: link type, reserved, snap length, `if_name`,
    /// `if_tsresol` (§4.2).
    private static func interfaceDescriptionBlock(interfaceName: String) -> [UInt8] {
        var builder = PcapngBlockBuilder()
        builder.append(PcapngFormat.linkTypeIEEE802154WithFCS)
        builder.append(UInt16(0))
        builder.append(PcapngFormat.unlimitedSnapLength)
        let name = Array(interfaceName.utf8.prefix(PcapngFormat.maximumOptionLength))
        builder.appendOption(code: PcapngFormat.interfaceNameOption, value: name)
        builder.appendOption(code: PcapngFormat.timestampResolutionOption, value: [PcapngTimestamp.writtenResolution])
        builder.appendEndOfOptions()
        return builder.block(type: PcapngFormat.interfaceDescriptionBlockType) ?? []
    }

    /// The Enhanced Packet Block for `record` (§4.3): interface 0, timestamp (high 32 bits, then
    /// low 32 bits), captured and original length, frame, `opt_comment`.
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
        guard let frameLength = UInt32(exactly: record.frame.count) else {
            throw .frameTooLong(octets: record.frame.count)
        }
        var builder = PcapngBlockBuilder()
        builder.append(UInt32(0))
        builder.append(UInt32(truncatingIfNeeded: timestamp >> 32))
        builder.append(UInt32(truncatingIfNeeded: timestamp))
        builder.append(frameLength)
        builder.append(frameLength)
        builder.appendPadded(record.frame)
        builder.appendOption(code: PcapngFormat.commentOption, value: comment)
        builder.appendEndOfOptions()
        guard let block = builder.block(type: PcapngFormat.enhancedPacketBlockType) else {
            throw .frameTooLong(octets: record.frame.count)
        }
        return block
    }

    /// The operating system's message for a failed file operation when Foundation carries one
    /// ("No such file or directory"), else Foundation's description.
    static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return POSIXError(code).localizedDescription
        }
        return nsError.localizedDescription
    }
}
