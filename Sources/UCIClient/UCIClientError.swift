import UCI

/// Why a UCI device could not be reached, brought up or kept.
public enum UCIClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The endpoint text is not `tcp://HOST:PORT` or a path.
    case badEndpoint(String, reason: String)
    /// The connection or the serial port could not be opened; `reason` says why.
    case cannotOpen(UCIEndpoint, reason: String)
    /// The device did not answer `command` within `timeout`.
    case noAnswer(UCIEndpoint, command: String, timeout: Duration)
    /// The device answered `command` with a status other than OK.
    case refused(UCIEndpoint, command: String, status: UCIStatus)
    /// The device said something that is not UCI, or not what the command asked for.
    case protocolError(UCIEndpoint, reason: String)
    /// The connection ended or broke.
    case lost(UCIEndpoint, reason: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .badEndpoint(let text, let reason):
            "the UCI device \"\(text)\" is not understood: \(reason)"
        case .cannotOpen(let endpoint, let reason):
            "cannot open the UCI device \(endpoint): \(reason)"
        case .noAnswer(let endpoint, let command, let timeout):
            "the UCI device \(endpoint) did not answer \(command) within \(timeout): check that it runs UCI firmware "
                + "(or that `uwb uci serve` runs there) and that no other program talks to it"
        case .refused(let endpoint, let command, let status):
            "the UCI device \(endpoint) refused \(command) with status \(status)"
        case .protocolError(let endpoint, let reason):
            "the UCI device \(endpoint) broke the protocol: \(reason)"
        case .lost(let endpoint, let reason):
            "the UCI device \(endpoint) went away: \(reason); reconnect it and start the sessions again"
        }
    }
}
