import Foundation
import UWBEmulator

/// Where `uwb capture` writes its pcapng: a file (replaced), a named pipe (Wireshark's extcap
/// FIFO, opened as it is), or standard output for `-`.
struct CaptureOutput {
    /// The path given, `-` for standard output.
    let path: String

    /// The name `-` stands for in messages.
    static let standardOutputName = "standard output"

    /// Whether the trace goes to standard output.
    var isStandardOutput: Bool { path == "-" }

    /// Whether the output is a pipe (standard output into `|`, Wireshark's FIFO), whose reader may
    /// close it to end the capture.
    var isPipe: Bool {
        var status = stat()
        let result = isStandardOutput ? fstat(FileHandle.standardOutput.fileDescriptor, &status) : stat(path, &status)
        return result == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// Opens the output and writes the trace's header, its interface named `interfaceName`.
    ///
    /// - Throws: `CommandFailure` with the writer's message (the path and the operating system's
    ///   reason) when it cannot be opened.
    func open(interfaceName: String) throws -> PcapngFileWriter {
        do {
            if isStandardOutput {
                return try PcapngFileWriter(
                    handle: FileHandle.standardOutput, name: Self.standardOutputName, interfaceName: interfaceName)
            }
            return try PcapngFileWriter(path: path, interfaceName: interfaceName)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Removes the file a capture that never started had created (a regular file only: standard
    /// output and a FIFO stay).
    func removeUnused() {
        guard !isStandardOutput,
              (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}
