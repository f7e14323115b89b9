/// A UCI trace that could not be written: the message says which file and what to do.
public enum UCITraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be created, written or closed, for the operating system's `reason`.
    case cannotWrite(path: String, reason: String)

    /// A sentence that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write the UCI trace \(path): \(reason); choose a file in a writable directory (or free some space)"
        }
    }
}
