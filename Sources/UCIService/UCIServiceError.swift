/// Why `uwb uci serve` could not start or go on: each message says what to do.
public enum UCIServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The TCP port could not be bound or listened on.
    case cannotListen(port: UInt16, reason: String)
    /// The world has no device a host could be given.
    case noDevices
    /// A device's board has an antenna array the ranging engine cannot use on the world's channel.
    case antennaArray(device: String, reason: String)

    /// A sentence that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .cannotListen(let port, let reason):
            "cannot listen on TCP port \(port): \(reason); stop what uses it (pica?) or choose another with --port"
        case .noDevices:
            "the scenario has no device for UCI hosts (its anchors run their own software); add devices to it (each connection takes one)"
        case .antennaArray(let device, let reason):
            "device \(device): its board's antenna array cannot be used on the scenario's channel (\(reason)); fix the board file or the channel"
        }
    }
}
