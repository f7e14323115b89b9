import Foundation
import UWBCore

/// Writes the emulator's air traffic as a pcapng file that Wireshark and tshark dissect as
/// IEEE 802.15.4, holding every record in memory until it produces the bytes (the block layout is
/// ``PcapngBlocks``'s). ``PcapngFileWriter`` streams the same blocks to a file instead, for records
/// that come in time order.
///
/// The file holds one section (draft-ietf-opsawg-pcapng §4.1), written in little-endian byte
/// order: the section and interface headers, then one Enhanced Packet Block per record.
///
/// Records may be appended in any order. The writer keeps them as appended and sorts them when it
/// produces the bytes: by time, and records with equal times in the order they were appended.
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
        packets.append((record.time, try PcapngBlocks.packetBlock(for: record)))
    }

    /// The whole pcapng file: header blocks, then one packet block per record in time order.
    public var bytes: [UInt8] {
        var file = PcapngBlocks.header
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
            throw .cannotWrite(path: path, reason: PcapngFileOutput.reason(for: error))
        }
    }
}
