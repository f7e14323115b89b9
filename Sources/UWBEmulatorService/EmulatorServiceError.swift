import UWBEmulator

/// Why the emulator service or one of its clients failed.
public enum EmulatorServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The service's socket could not be opened.
    case cannotListen(path: String, reason: String)
    /// Another service already answers at the socket path.
    case alreadyServing(path: String)
    /// No service answers at the socket.
    case cannotConnect(path: String, reason: String)
    /// The connection broke (the service stopped, or the client went away).
    case connectionLost(String)
    /// A message began but did not finish within the service's limit.
    case timedOut(String)
    /// A message broke the wire format; the text says how.
    case malformed(String)
    /// The two sides speak different versions of the wire format.
    case versionMismatch(client: UInt16, service: UInt16)
    /// The other side refused; its message says why (no such device, device taken, …).
    case refused(String)
    /// A log of moves to replay or record is unusable.
    case moves(RecordedMoveError)
    /// The service answered ERROR: its message, already a whole account of what is wrong and
    /// what to do.
    case answered(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .cannotListen(let path, let reason):
            "the emulator service cannot listen at \(path): \(reason); pass another --socket path"
        case .alreadyServing(let path):
            "another emulator service is already serving at \(path); stop it first, or pass another --socket path (and give its apps UWB_EMULATOR_SOCKET)"
        case .cannotConnect(let path, let reason):
            "no emulator service at \(path) (\(reason)); start one with `uwb emulator serve --scenario FILE`, or set UWB_EMULATOR_SOCKET to its socket"
        case .connectionLost(let reason):
            "the connection to the emulator service was lost: \(reason)"
        case .timedOut(let reason):
            "a message to the emulator service stopped short: \(reason)"
        case .malformed(let reason):
            "a malformed emulator-service message: \(reason); client and service must come from the same swift-uwb version"
        case .versionMismatch(let client, let service):
            "the client speaks emulator wire format \(client), the service \(service); use a client and service from the same swift-uwb version"
        case .moves(let error):
            error.description
        case .answered(let message):
            message
        case .refused(let reason):
            "the emulator service refused: \(reason)"
        }
    }
}
