import Foundation
import UWBCore

/// Streams a pcapng trace to a file as its records come, in the order they come: the same octets
/// ``PcapngWriter`` gives for records appended in time order (the block layout is
/// ``PcapngBlocks``'s), without holding the trace in memory.
///
/// The header blocks are written when the file is opened; packet blocks are buffered and written
/// in chunks of about ``chunkOctets``, or at once by ``flush()`` for a trace written live.
/// ``finish()`` writes the rest and closes the file; until then the file may end in the middle of
/// the trace.
public final class PcapngFileWriter {
    /// How many octets of packet blocks are gathered before they are written: 64 KiB.
    public static let chunkOctets = PcapngFileOutput.chunkOctets

    /// The link type of every trace: LINKTYPE_IEEE802_15_4_WITHFCS, 195 (IEEE 802.15.4 frames
    /// with their FCS; the tcpdump.org link-type registry), for those who announce it (Wireshark's
    /// extcap `--extcap-dlts`).
    public static let linkType = PcapngFormat.linkTypeIEEE802154WithFCS

    /// The file's path, for error messages.
    public let path: String
    /// Where the blocks go.
    private let output: PcapngFileOutput

    /// Creates (or empties) the file at `path` and writes the trace's header blocks.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be created or written.
    public convenience init(path: String) throws(TraceError) {
        try self.init(path: path, interfaceName: PcapngBlocks.interfaceName)
    }

    /// Opens `path` for a trace whose interface is called `interfaceName` (a capture names its
    /// device) and writes the header blocks. A named pipe or other special file there (Wireshark's
    /// extcap FIFO) is opened as it is, waiting for its reader; anything else is created or emptied.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be created or written.
    public init(path: String, interfaceName: String) throws(TraceError) {
        self.path = path
        do {
            output = try PcapngFileOutput(path: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        try write(PcapngBlocks.headerBlocks(interfaceName: interfaceName))
    }

    /// Writes a trace to `handle` (standard output, a pipe), named `name` in error messages, whose
    /// interface is called `interfaceName`, starting with the header blocks. ``finish()`` closes
    /// the handle.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the header cannot be written.
    public init(handle: FileHandle, name: String, interfaceName: String) throws(TraceError) {
        self.path = name
        output = PcapngFileOutput(handle: handle)
        try write(PcapngBlocks.headerBlocks(interfaceName: interfaceName))
    }

    /// Adds `record` after those appended before it.
    ///
    /// - Throws: ``TraceError/negativeTime(_:)``, ``TraceError/commentTooLong(octets:)`` or
    ///   ``TraceError/frameTooLong(octets:)`` for a record a trace cannot hold (it is then not
    ///   added), ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written or was
    ///   already finished.
    public func append(_ record: TraceRecord) throws(TraceError) {
        let block = try PcapngBlocks.packetBlock(for: record)
        try writing { () throws(PcapngOutputFailure) in try output.append(block) }
    }

    /// Writes the blocks buffered so far, so that a reader of the file (Wireshark on a FIFO,
    /// `tail -f`) sees every record appended: for a trace written live.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written or was
    ///   already finished.
    public func flush() throws(TraceError) {
        try writing { () throws(PcapngOutputFailure) in try output.flush() }
    }

    /// Writes what is buffered and closes the file. Finishing twice does nothing more.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written or closed.
    public func finish() throws(TraceError) {
        try writing { () throws(PcapngOutputFailure) in try output.finish() }
    }

    /// Adds `blocks` and writes them at once (the header, as the trace opens).
    private func write(_ blocks: [UInt8]) throws(TraceError) {
        try writing { () throws(PcapngOutputFailure) in
            try output.append(blocks)
            try output.flush()
        }
    }

    /// Runs `operation` on the output, its failure reported as this file's.
    private func writing(_ operation: () throws(PcapngOutputFailure) -> Void) throws(TraceError) {
        do {
            try operation()
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
