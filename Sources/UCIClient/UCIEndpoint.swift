/// Where a UCI device is reached: a TCP server (`uwb uci serve`, google/pica) or a serial port (a
/// FiRa board with UCI firmware over USB CDC-ACM, for example `/dev/ttyACM0`).
///
/// Written `tcp://HOST:PORT` or as a path, as in `UWB_DEVICE=uci:tcp://127.0.0.1:7000` and
/// `UWB_DEVICE=uci:/dev/ttyACM0`.
public enum UCIEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// A TCP connection to `host` (a name, an IPv4 address or a bracketed IPv6 address) on `port`.
    case tcp(host: String, port: UInt16)
    /// A serial port (a character device such as `/dev/ttyACM0`, or a pseudo-terminal).
    case serial(path: String)

    /// The endpoint `text` names: `tcp://HOST:PORT`, or an absolute path for a serial port.
    ///
    /// - Throws: ``UCIClientError/badEndpoint(_:reason:)`` saying what is wrong and what to write.
    public init(parsing text: String) throws(UCIClientError) {
        if text.hasPrefix("/") {
            self = .serial(path: text)
            return
        }
        guard text.hasPrefix(Self.tcpScheme) else {
            throw .badEndpoint(text, reason: "write tcp://HOST:PORT for a UCI server or the path of a serial port such as /dev/ttyACM0")
        }
        let rest = text.dropFirst(Self.tcpScheme.count)
        guard let colon = rest.lastIndex(of: ":") else {
            throw .badEndpoint(text, reason: "the port is missing: write tcp://HOST:PORT (uwb uci serve listens on 7000)")
        }
        var host = String(rest[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        guard !host.isEmpty else { throw .badEndpoint(text, reason: "the host is missing: write tcp://HOST:PORT") }
        guard let port = UInt16(rest[rest.index(after: colon)...]), port > 0 else {
            throw .badEndpoint(text, reason: "the port must be a number from 1 to 65535")
        }
        self = .tcp(host: host, port: port)
    }

    /// `tcp://HOST:PORT` or the serial port's path.
    public var description: String {
        switch self {
        case .tcp(let host, let port): Self.tcpScheme + (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        case .serial(let path): path
        }
    }

    private static let tcpScheme = "tcp://"
}
