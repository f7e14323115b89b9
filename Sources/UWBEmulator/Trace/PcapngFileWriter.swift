import Foundation

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
    public static let chunkOctets = 65_536

    /// The link type of every trace: LINKTYPE_IEEE802_15_4_WITHFCS, 195 (IEEE 802.15.4 frames
    /// with their FCS; the tcpdump.org link-type registry), for those who announce it (Wireshark's
    /// extcap `--extcap-dlts`).
    public static let linkType = PcapngFormat.linkTypeIEEE802154WithFCS

    /// The file's path, for error messages.
    public let path: String
    /// The open file; nil once finished.
    private var handle: FileHandle?
    /// Blocks not written yet.
    private var buffer: [UInt8] = []

    /// Creates (or empties) the file at `path` and writes the trace's header blocks.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be created or written.
    public convenience init(path: String) throws(TraceError) {
        try self.init(path: path, interfaceName: PcapngFormat.interfaceName)
    }

    /// Opens `path` for a trace whose interface is called `interfaceName` (a capture names its
    /// device) and writes the header blocks. A named pipe or other special file there (Wireshark's
    /// extcap FIFO) is opened as it is, waiting for its reader; anything else is created or emptied.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be created or written.
    public convenience init(path: String, interfaceName: String) throws(TraceError) {
        let handle: FileHandle
        if Self.isSpecialFile(at: path) {
            guard let opened = FileHandle(forWritingAtPath: path) else {
                throw .cannotWrite(path: path, reason: POSIXError(.EACCES).localizedDescription)
            }
            handle = opened
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw .cannotWrite(path: path, reason: Self.creationFailure(at: path))
            }
            do {
                handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            } catch {
                throw .cannotWrite(path: path, reason: PcapngBlocks.reason(for: error))
            }
        }
        try self.init(handle: handle, name: path, interfaceName: interfaceName)
    }

    /// Writes a trace to `handle` (standard output, a pipe), named `name` in error messages, whose
    /// interface is called `interfaceName`, starting with the header blocks. ``finish()`` closes
    /// the handle.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the header cannot be written.
    public init(handle: FileHandle, name: String, interfaceName: String) throws(TraceError) {
        self.path = name
        self.handle = handle
        buffer.reserveCapacity(Self.chunkOctets)
        buffer += PcapngBlocks.headerBlocks(interfaceName: interfaceName)
        try writeBuffer()
    }

    /// Adds `record` after those appended before it.
    ///
    /// - Throws: ``TraceError/negativeTime(_:)``, ``TraceError/commentTooLong(octets:)`` or
    ///   ``TraceError/frameTooLong(octets:)`` for a record a trace cannot hold (it is then not
    ///   added), ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written or was
    ///   already finished.
    public func append(_ record: TraceRecord) throws(TraceError) {
        buffer += try PcapngBlocks.packetBlock(for: record)
        if buffer.count >= Self.chunkOctets {
            try writeBuffer()
        }
    }

    /// Writes the blocks buffered so far, so that a reader of the file (Wireshark on a FIFO,
    /// `tail -f`) sees every record appended: for a trace written live.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written or was
    ///   already finished.
    public func flush() throws(TraceError) {
        try writeBuffer()
    }

    /// Writes what is buffered and closes the file. Finishing twice does nothing more.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be written or closed.
    public func finish() throws(TraceError) {
        guard let handle else { return }
        try writeBuffer()
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw .cannotWrite(path: path, reason: PcapngBlocks.reason(for: error))
        }
    }

    /// Writes the buffered blocks to the file and empties the buffer.
    private func writeBuffer() throws(TraceError) {
        guard let handle else {
            throw .cannotWrite(path: path, reason: "the trace was already finished")
        }
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw .cannotWrite(path: path, reason: PcapngBlocks.reason(for: error))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Whether `path` names an existing file that is neither a regular file nor a directory: a
    /// named pipe or a device (after symbolic links), which must be opened, not replaced.
    private static func isSpecialFile(at path: String) -> Bool {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let type = try? FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType else {
            return false
        }
        return type != .typeRegular && type != .typeDirectory
    }

    /// Why the file at `path` could not be created: the operating system's message for the
    /// directory when it is missing or not writable.
    private static func creationFailure(at path: String) -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return POSIXError(.ENOENT).localizedDescription
        }
        return FileManager.default.isWritableFile(atPath: directory)
            ? "the file could not be created" : POSIXError(.EACCES).localizedDescription
    }
}
