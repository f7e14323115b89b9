import Foundation

/// Where a pcapng writer's blocks go: a file (or a named pipe, or a handle such as standard
/// output), written in chunks of about ``chunkOctets`` or at once by ``flush()``, then closed by
/// ``finish()``. The writers of the air's traces and of UCI traces both write through it.
package final class PcapngFileOutput {
    /// How many octets of blocks are gathered before they are written: 64 KiB.
    package static let chunkOctets = 65_536

    /// The open file; nil once finished.
    private var handle: FileHandle?
    /// Blocks not written yet.
    private var buffer: [UInt8] = []

    /// Opens `path`: a named pipe or other special file there (Wireshark's extcap FIFO) is opened
    /// as it is, waiting for its reader; anything else is created or emptied.
    ///
    /// - Throws: ``PcapngOutputFailure`` with the operating system's reason.
    package convenience init(path: String) throws(PcapngOutputFailure) {
        if Self.isSpecialFile(at: path) {
            guard let opened = FileHandle(forWritingAtPath: path) else {
                throw PcapngOutputFailure(reason: POSIXError(.EACCES).localizedDescription)
            }
            self.init(handle: opened)
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw PcapngOutputFailure(reason: Self.creationFailure(at: path))
        }
        do {
            self.init(handle: try FileHandle(forWritingTo: URL(fileURLWithPath: path)))
        } catch {
            throw PcapngOutputFailure(reason: Self.reason(for: error))
        }
    }

    /// Writes to `handle`, which ``finish()`` closes.
    package init(handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.chunkOctets)
    }

    /// Adds `octets` (whole blocks) after those added before; writes the buffer once it holds a
    /// chunk.
    ///
    /// - Throws: ``PcapngOutputFailure`` if the file cannot be written or was already finished.
    package func append(_ octets: [UInt8]) throws(PcapngOutputFailure) {
        buffer += octets
        if buffer.count >= Self.chunkOctets {
            try flush()
        }
    }

    /// Writes what is buffered, so that a reader of the file sees every block added.
    ///
    /// - Throws: ``PcapngOutputFailure`` if the file cannot be written or was already finished.
    package func flush() throws(PcapngOutputFailure) {
        guard let handle else { throw PcapngOutputFailure(reason: "the trace was already finished") }
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw PcapngOutputFailure(reason: Self.reason(for: error))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file. Finishing twice does nothing more.
    ///
    /// - Throws: ``PcapngOutputFailure`` if the file cannot be written or closed.
    package func finish() throws(PcapngOutputFailure) {
        guard let handle else { return }
        try flush()
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw PcapngOutputFailure(reason: Self.reason(for: error))
        }
    }

    /// The operating system's message for a failed file operation when Foundation carries one
    /// ("No such file or directory"), else Foundation's description.
    package static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return POSIXError(code).localizedDescription
        }
        return nsError.localizedDescription
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
