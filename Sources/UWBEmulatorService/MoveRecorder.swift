import Foundation

/// Writes the emulator service's log of moves: one JSON line per ``RecordedMove``, flushed as it
/// takes effect, so the file is whole up to the last move whenever the service stops.
///
/// `@unchecked Sendable`: the world calls ``write(_:)`` only under its lock, one move at a time.
final class MoveRecorder: @unchecked Sendable {
    private let handle: FileHandle
    private let path: String

    /// A recorder writing a new file at `path`, replacing one there.
    ///
    /// - Throws: ``RecordedMoveError/file(path:reason:)`` if it cannot be created.
    init(path: String) throws(RecordedMoveError) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw .file(path: path, reason: "it cannot be created; check the directory exists and is writable")
        }
        self.handle = handle
        self.path = path
    }

    /// Appends `move`'s line; a failed write is reported on standard error and the run goes on.
    func write(_ move: RecordedMove) {
        guard let line = move.jsonLine else { return }
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            FileHandle.standardError.write(Data("swift-uwb: cannot write the moves file \(path): \(error)\n".utf8))
        }
    }
}
