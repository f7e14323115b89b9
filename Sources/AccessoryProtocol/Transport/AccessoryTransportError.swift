/// Why an ``AccessoryTransport`` could not carry a message.
public enum AccessoryTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The other side is gone (it disconnected or closed the link).
    case disconnected(String)
    /// Octets arrived that are no accessory protocol message.
    case malformed(AccessoryProtocolError)
    /// The link broke: the system's reason.
    case failed(String)

    /// What went wrong, and what to do.
    public var description: String {
        switch self {
        case .disconnected(let name): "the other side of \(name) disconnected; connect again and start over with initialise"
        case .malformed(let error): "a message that could not be read arrived: \(error)"
        case .failed(let reason): "the accessory link failed: \(reason)"
        }
    }
}
