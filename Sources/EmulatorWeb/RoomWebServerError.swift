/// Why a ``RoomWebServer`` could not start; the description says what to do.
public enum RoomWebServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address or port could not be listened on.
    case cannotListen(host: String, port: Int, reason: String)

    /// The message to show.
    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason):
            "the room's web page cannot listen on \(host) port \(port): \(reason); choose another port (0 lets the system pick a free one) or another address"
        }
    }
}
