import Foundation

/// Writes the emulator's air traffic as a pcapng file that Wireshark and tshark dissect as
/// IEEE 802.15.4.
///
/// The file holds one section (draft-ietf-opsawg-pcapng §4.1), written in little-endian byte
/// order:
/// - a Section Header Block, version 1.0, section length "unspecified", with `shb_userappl`
///   "swift-uwb";
/// - one Interface Description Block (§4.2), link type 195 (LINKTYPE_IEEE802_15_4_WITHFCS; see
///   `PcapngFormat.linkTypeIEEE802154WithFCS` for why), `if_name` "uwb-emulator", and
///   `if_tsresol` 9 (nanoseconds; see `PcapngTimestamp` for the choice and the rounding). One
///   interface stands for the whole medium; the sender and receivers are in each packet's
///   comment, so a per-device interface would add nothing;
/// - one Enhanced Packet Block (§4.3) per record: timestamp = the record's time rounded to the
///   nanosecond with the start of the simulation at the Unix epoch, packet data = the MAC frame
///   with its FCS, and an `opt_comment` holding the sender and receptions in the grammar of
///   `TraceMetadataComment` (for example `from=alice to=bob:-71.3dBm:received`).
///
/// Records may be appended in any order, because the medium decides a frame's outcomes after the
/// fact. The writer keeps them as appended and sorts them when it produces the bytes: by time,
/// and records with equal times in the order they were appended.
public final class PcapngWriter {
    /// The Enhanced Packet Block of each record appended so far with its time in picoseconds, in
    /// the order they were appended.
    private var packets: [(time: Int64, block: [UInt8])] = []

    /// An empty trace.
    public init() {}

    /// Adds `record` to the trace.
    ///
    /// - Throws: ``TraceError/negativeTime(_:)`` if the record's time is before the start of the
    ///   simulation, ``TraceError/commentTooLong(octets:)`` if its metadata exceeds what a pcapng
    ///   option holds, ``TraceError/frameTooLong(octets:)`` if its frame exceeds a block's length;
    ///   the record is then not added.
    public func append(_ record: TraceRecord) throws(TraceError) {
        packets.append((record.time, try Self.packetBlock(for: record)))
    }

    /// The whole pcapng file: header blocks, then one packet block per record in time order.
    public var bytes: [UInt8] {
        var file = Self.sectionHeaderBlock + Self.interfaceDescriptionBlock
        let ordered = packets.enumerated().sorted { lhs, rhs in
            (lhs.element.time, lhs.offset) < (rhs.element.time, rhs.offset)
        }
        for (_, packet) in ordered {
            file += packet.block
        }
        return file
    }

    /// Writes ``bytes`` to the file at `path`, replacing it if it exists.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written.
    public func write(to path: String) throws(TraceError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(for: error))
        }
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
    private static let interfaceDescriptionBlock: [UInt8] = {
        var builder = PcapngBlockBuilder()
        builder.append(PcapngFormat.linkTypeIEEE802154WithFCS)
        builder.append(UInt16(0))
        builder.append(PcapngFormat.unlimitedSnapLength)
        builder.appendOption(code: PcapngFormat.interfaceNameOption, value: Array(PcapngFormat.interfaceName.utf8))
        builder.appendOption(code: PcapngFormat.timestampResolutionOption, value: [PcapngTimestamp.writtenResolution])
        builder.appendEndOfOptions()
        return builder.block(type: PcapngFormat.interfaceDescriptionBlockType) ?? []
    }()

    /// The Enhanced Packet Block for `record` (§4.3): interface 0, timestamp (high 32 bits, then
    /// low 32 bits), captured and original length, frame, `opt_comment`.
    private static func packetBlock(for record: TraceRecord) throws(TraceError) -> [UInt8] {
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

    /// The operating system's message for a failed write when Foundation carries one
    /// ("No such file or directory"), else Foundation's description.
    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return POSIXError(code).localizedDescription
        }
        return nsError.localizedDescription
    }
}
