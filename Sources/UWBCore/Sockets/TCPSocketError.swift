/// A TCP connection that failed: the text says why (the system's reason).
public enum TCPSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The connection could not be made, broke, or the other side stopped reading.
    case failed(String)

    /// The reason.
    public var description: String {
        switch self {
        case .failed(let reason): "TCP connection failed: \(reason)"
        }
    }
}
