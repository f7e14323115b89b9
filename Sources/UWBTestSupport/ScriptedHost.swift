import UCI
import UCIService

/// A UCI host in a test or a benchmark: sends commands and raw octets to a `UCIServer` over TCP and reads what
/// it answers, through the UCI module's encoder and reassembler.
public final class ScriptedHost {
    /// How long a read waits before the server counts as dead (never reached by a live one).
    public static let deadPeerTimeout: Duration = .seconds(60)

    private let socket: TCPSocket
    private var reassembler = UCIReassembler()

    /// Connects to the server on `port`.
    public init(port: UInt16) throws {
        socket = try TCPSocket.connect(port: port, deadPeerTimeout: Self.deadPeerTimeout)
    }

    /// Sends a command.
    public func send(_ command: UCICommand) throws {
        try socket.write(try UCIMessage.command(command).encoded(version: .v2).encoded())
    }

    /// Sends octets as they are.
    public func send(octets: [UInt8]) throws {
        try socket.write(octets)
    }

    /// The next message, or nil when the server closed the connection.
    public func next() throws -> UCIMessage? {
        try nextRaw().map { raw in try UCIMessage(decoding: raw, version: .v2) }
    }

    /// The next message as it arrived (header and joined payload, not decoded), or nil when the
    /// server closed the connection.
    public func nextRaw() throws -> UCIRawMessage? {
        while true {
            if let raw = try reassembler.nextMessage() {
                return raw
            }
            let octets = try socket.read(upTo: 4_096)
            guard !octets.isEmpty else { return nil }
            reassembler.append(octets)
        }
    }

    /// The next message that is not a ranging notification.
    public func nextSkippingRanging() throws -> UCIMessage? {
        while let message = try next() {
            if case .notification(.sessionInfo) = message { continue }
            return message
        }
        return nil
    }

    /// The next ranging notification's measurement.
    public func nextMeasurement() throws -> UCITwoWayMeasurement? {
        while let message = try next() {
            if case .notification(.sessionInfo(let info)) = message, case .twoWay(let measurements, _) = info.measurements {
                return measurements.first
            }
        }
        return nil
    }

    /// Sends `command` and returns the response (skipping ranging notifications).
    public func call(_ command: UCICommand) throws -> UCIResponse? {
        try send(command)
        guard case .response(let response) = try nextSkippingRanging() else { return nil }
        return response
    }

    /// The next notification other than a ranging one.
    public func notification() throws -> UCINotification? {
        guard case .notification(let notification) = try nextSkippingRanging() else { return nil }
        return notification
    }

    /// Closes the connection.
    public func close() {
        socket.close()
    }
}
