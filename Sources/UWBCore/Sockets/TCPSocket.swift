import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP stream socket on the loopback interface, listening or connected, with blocking reads
/// and whole-buffer writes: the UCI server's and the accessory protocol's socket transport's.
///
/// `@unchecked Sendable`: one thread reads (a connection's reader, or the listener's accept
/// loop); writes are serialised and ``close()`` may come from any thread to end a blocked
/// `accept` or `read` (``StreamSocket``, shared with the emulator service's socket).
public final class TCPSocket: @unchecked Sendable {
    private let stream: StreamSocket
    private var descriptor: Int32 { stream.descriptor }

    private init(descriptor: Int32, sendTimeout: Duration) {
        stream = StreamSocket(descriptor: descriptor, sendTimeout: sendTimeout)
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Listens on `port` of 127.0.0.1 (0: a port the system chooses; see ``localPort``); the
    /// connections it accepts give up a write after `sendTimeout` on a peer that does not read.
    ///
    /// - Throws: ``TCPSocketError/failed(_:)`` with the system's reason (the port is taken?).
    public static func listen(port: UInt16, sendTimeout: Duration) throws(TCPSocketError) -> TCPSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .failed(String(cString: strerror(errno))) }
        let listener = TCPSocket(descriptor: descriptor, sendTimeout: sendTimeout)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withLoopbackAddress(port: port) { bind(descriptor, $0, $1) }
        guard bound == 0, Glibc.listen(descriptor, Self.listenBacklog) == 0 else {
            throw .failed("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        return listener
    }

    /// Connects to `port` on 127.0.0.1. A read that waits longer than `deadPeerTimeout` fails (the
    /// server is taken for dead), and so does a write after `sendTimeout` (5 s unless given) on a
    /// server that does not read.
    ///
    /// - Throws: ``TCPSocketError/failed(_:)`` with the system's reason (nothing listening?).
    public static func connect(port: UInt16, deadPeerTimeout: Duration, sendTimeout: Duration = .seconds(5)) throws(TCPSocketError) -> TCPSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .failed(String(cString: strerror(errno))) }
        let connection = TCPSocket(descriptor: descriptor, sendTimeout: sendTimeout)
        connection.stream.setTimeout(SO_RCVTIMEO, deadPeerTimeout)
        let result = withLoopbackAddress(port: port) { Glibc.connect(descriptor, $0, $1) }
        guard result == 0 else { throw .failed("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))") }
        return connection
    }

    /// Sets the kernel's send buffer to `octets` (`SO_SNDBUF`, which Linux doubles), instead of
    /// letting it grow with the connection.
    public func setSendBuffer(octets: Int32) {
        var size = octets
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The port the socket is bound to.
    public var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : 0
    }

    /// Waits for the next connection; nil once the socket is closed.
    public func accept() -> TCPSocket? {
        stream.acceptDescriptor().map { TCPSocket(descriptor: $0, sendTimeout: stream.sendTimeout) }
    }

    /// The octets that arrive next (at most `limit`); empty once the other side has closed.
    ///
    /// - Throws: ``TCPSocketError/failed(_:)`` if the connection broke.
    public func read(upTo limit: Int) throws(TCPSocketError) -> [UInt8] {
        var octets = [UInt8](repeating: 0, count: limit)
        while true {
            let count = octets.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .failed(String(cString: strerror(errno))) }
            return Array(octets[..<count])
        }
    }

    /// Sends all of `octets`.
    ///
    /// - Throws: ``TCPSocketError/failed(_:)`` if the connection broke or the other side did not
    ///   read for its send timeout.
    public func write(_ octets: [UInt8]) throws(TCPSocketError) {
        do {
            try stream.send(octets)
        } catch {
            throw .failed(error.reason)
        }
    }

    /// Shuts the connection down both ways: the other side sees it closed and a blocked `accept`
    /// or `read` returns.
    public func close() {
        stream.close()
    }

    /// The connections a listener holds waiting for `accept`: 16, plenty for loopback tools.
    private static let listenBacklog: Int32 = 16

    /// Calls `body` with 127.0.0.1:`port` as a `sockaddr`.
    private static func withLoopbackAddress(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
