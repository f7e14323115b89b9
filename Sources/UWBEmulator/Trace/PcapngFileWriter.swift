import Foundation

/// Streams a pcapng trace to a file as its records come, in the order they come: the same octets
/// ``PcapngWriter`` gives for records appended in time order (the block layout is
/// ``PcapngBlocks``'s), without holding the trace in memory.
///
/// The header blocks are written when the file is opened; packet blocks are buffered and written
/// in chunks of about ``chunkOctets``. ``finish()`` writes the rest and closes the file; until then
/// the file may end in the middle of the trace.
public final class PcapngFileWriter {
    /// How many octets of packet blocks are gathered before they are written: 64 KiB.
    public static let chunkOctets = 65_536

    /// The file's path, for error messages.
    public let path: String
    /// The open file; nil once finished.
    private var handle: FileHandle?
    /// Blocks not written yet.
    private var buffer: [UInt8] = []

    /// Creates (or empties) the file at `path` and writes the trace's header blocks.
    ///
    /// - Throws: ``TraceError/cannotWrite(path:reason:)`` if the file cannot be created or written.
    public init(path: String) throws(TraceError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: Data(PcapngBlocks.header)) else {
            throw .cannotWrite(path: path, reason: Self.creationFailure(at: path))
        }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            self.handle = handle
        } catch {
            throw .cannotWrite(path: path, reason: PcapngBlocks.reason(for: error))
        }
        buffer.reserveCapacity(Self.chunkOctets)
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
