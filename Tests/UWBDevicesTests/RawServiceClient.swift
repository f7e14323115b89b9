import Foundation
import Testing
import UWBEmulator
import UWBEmulatorService

/// A client of the emulator service that speaks the wire format by hand, to misbehave on purpose.
/// Every wait is bounded by a deadline for a dead service, not a measure of speed.
struct RawServiceClient {
    /// How long a reply may take before the test gives up on the service.
    static let patience: Duration = .seconds(60)

    let socket: UnixSocket

    /// Connects to the service at `path`.
    init(path: String) throws {
        socket = try UnixSocket.connect(to: path)
    }

    /// Connects and attaches to `device`, expecting WELCOME (the client's first turn).
    static func attached(to device: String, at path: String) throws -> RawServiceClient {
        let client = try RawServiceClient(path: path)
        try client.send(EmulatorRequest.hello(version: EmulatorWire.version, device: device))
        let reply = try client.reply()
        guard case .welcome = reply else { throw EmulatorServiceError.malformed("\(reply) instead of WELCOME") }
        return client
    }

    /// Sends a request, framed.
    func send(_ request: EmulatorRequest) throws {
        try EmulatorWire.send(request.encoded, on: socket)
    }

    /// Sends octets as they are, framing and all.
    func sendRaw(_ octets: [UInt8]) throws {
        try socket.write(octets)
    }

    /// The next reply.
    func reply() throws -> EmulatorReply {
        try EmulatorReply(decoding: EmulatorWire.receive(
            from: socket, startingBy: ContinuousClock.now + Self.patience, finishingWithin: Self.patience))
    }

    /// Expects an ERROR containing `fragment` (or one of `alternatives`), then the connection
    /// closed by the service.
    func expectError(containing fragment: String, or alternatives: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let reply = try reply()
            guard case .error(let text) = reply else {
                Issue.record("\(reply) instead of an ERROR about \(fragment)", sourceLocation: sourceLocation)
                return
            }
            #expect(([fragment] + alternatives).contains { text.contains($0) }, "\(text)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("no ERROR about \(fragment): \(error)", sourceLocation: sourceLocation)
            return
        }
        expectClosed(sourceLocation: sourceLocation)
    }

    /// Expects the service to close the connection.
    func expectClosed(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try socket.read(count: 1, by: ContinuousClock.now + Self.patience)
        } throws: { error in
            guard case EmulatorServiceError.connectionLost = error else { return false }
            return true
        }
    }
}
