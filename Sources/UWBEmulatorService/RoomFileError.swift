/// Why the emulator service cannot hand out a ``RoomFile``.
public enum RoomFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The run has no such file, or it cannot be read; the sentence says why and what to do.
    case unavailable(String)

    /// Why, and what to do.
    public var description: String {
        switch self {
        case .unavailable(let reason): reason
        }
    }
}
