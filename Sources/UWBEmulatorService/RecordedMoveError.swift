/// Why a line of a log of moves (``RecordedMove``) could not be read or replayed.
public enum RecordedMoveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line is not a recorded move; the text says what is wrong.
    case malformed(String)
    /// A line of a file is wrong: its number (from 1), and why.
    case line(Int, String)
    /// The file cannot be read or written.
    case file(path: String, reason: String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .malformed(let reason):
            reason
        case .line(let number, let reason):
            "line \(number) of the moves: \(reason); the file must be one that `uwb emulator serve --record-moves` wrote for this scenario"
        case .file(let path, let reason):
            "cannot use the moves file \(path): \(reason)"
        }
    }
}
