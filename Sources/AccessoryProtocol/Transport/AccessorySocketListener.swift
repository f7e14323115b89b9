import Foundation
import UWBCore

/// Listens for the other side of the accessory protocol on a TCP port of the loopback interface:
/// each connection is an ``AccessorySocketTransport``.
///
/// `@unchecked Sendable`: the socket may be used from any thread (``TCPSocket``).
public final class AccessorySocketListener: @unchecked Sendable {
    private let socket: TCPSocket
    /// The port it listens on (the one the system chose, when asked for port 0).
    public let port: UInt16

    /// Listens on `port` of 127.0.0.1 (0: a port the system chooses).
    ///
    /// - Throws: ``AccessoryTransportError/failed(_:)`` if the port cannot be had.
    public init(port: UInt16) throws(AccessoryTransportError) {
        do {
            socket = try TCPSocket.listen(port: port, sendTimeout: AccessorySocketTransport.sendTimeout)
        } catch {
            throw .failed("\(error); choose another port")
        }
        self.port = socket.localPort
    }

    /// The next connection; nil once the listener is closed.
    public func accept() async -> AccessorySocketTransport? {
        await withCheckedContinuation { continuation in
            // A thread of its own: a blocking accept must not hold a thread of a shared pool.
            Thread { [socket, port] in
                continuation.resume(returning: socket.accept().map {
                    AccessorySocketTransport(socket: $0, name: "tcp:127.0.0.1:\(port)")
                })
            }.start()
        }
    }

    /// Stops listening: a waiting ``accept()`` returns nil.
    public func close() {
        socket.close()
    }
}
