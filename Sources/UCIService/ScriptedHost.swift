import UCI
import UWBCore

/// A UCI host written step by step, for the package's tests and benchmarks (package access: no
/// product exports it): sends commands and raw octets to a `UCIServer` over TCP and reads what
/// it answers, through the UCI module's encoder and reassembler.
package final class ScriptedHost {
    /// How long a read waits before the server counts as dead (never reached by a live one).
    package static let deadPeerTimeout: Duration = .seconds(60)

    private let socket: TCPSocket
    private var reassembler = UCIReassembler()
    /// The UCI layouts the host reads the server's messages in.
    package let version: UCIProtocolRevision
    /// The handles of the sessions ``startRanging(sessionID:initiator:own:peer:intervalMilliseconds:)``
    /// started and ``endRanging(handle:)`` has not ended.
    var ranging: Set<UInt32> = []

    /// Connects to the server on `port`, reading its messages in `version`'s layouts.
    package init(port: UInt16, version: UCIProtocolRevision = .v2) throws {
        socket = try TCPSocket.connect(port: port, deadPeerTimeout: Self.deadPeerTimeout)
        self.version = version
    }

    /// Sends a command.
    package func send(_ command: UCICommand) throws {
        try socket.write(try UCIMessage.command(command).encoded(version: version).encoded())
    }

    /// Sends octets as they are.
    package func send(octets: [UInt8]) throws {
        try socket.write(octets)
    }

    /// The next message, or nil when the server closed the connection.
    package func next() throws -> UCIMessage? {
        try nextRaw().map { try UCIMessage(decoding: $0, version: version) }
    }

    /// The next message as it came (header and payload octets), or nil when the server closed
    /// the connection.
    package func nextRaw() throws -> UCIRawMessage? {
        while true {
            if let raw = try reassembler.nextMessage() {
                return raw
            }
            let octets = try socket.read(upTo: 4_096)
            guard !octets.isEmpty else { return nil }
            reassembler.append(octets)
        }
    }

    /// The next message as it came that is not a ranging notification (SESSION_INFO_NTF: MT 3,
    /// GID 2, OID 0).
    package func nextRawSkippingRanging() throws -> UCIRawMessage? {
        while let raw = try nextRaw() {
            if raw.header == .control(type: .notification, group: .sessionControl, opcode: UCIOpcodeID(rawValue: 0)) { continue }
            return raw
        }
        return nil
    }

    /// The next message that is not a ranging notification.
    package func nextSkippingRanging() throws -> UCIMessage? {
        while let message = try next() {
            if case .notification(.sessionInfo) = message { continue }
            return message
        }
        return nil
    }

    /// The next ranging notification's measurement.
    package func nextMeasurement() throws -> UCITwoWayMeasurement? {
        try nextMeasurements()?.first
    }

    /// The next ranging notification's measurements.
    package func nextMeasurements() throws -> [UCITwoWayMeasurement]? {
        while let message = try next() {
            if case .notification(.sessionInfo(let info)) = message, case .twoWay(let measurements, _) = info.measurements {
                return measurements
            }
        }
        return nil
    }

    /// Sends `command` and returns the response (skipping ranging notifications).
    package func call(_ command: UCICommand) throws -> UCIResponse? {
        try send(command)
        guard case .response(let response) = try nextSkippingRanging() else { return nil }
        return response
    }

    /// The next notification other than a ranging one.
    package func notification() throws -> UCINotification? {
        guard case .notification(let notification) = try nextSkippingRanging() else { return nil }
        return notification
    }

    /// Closes the connection.
    package func close() {
        socket.close()
    }
}
