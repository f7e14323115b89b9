import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connected or listening Unix-domain stream socket, with blocking whole-buffer reads and writes.
/// The emulator service and its clients talk over one (`Docs/emulator-service.md`).
///
/// `@unchecked Sendable`: a socket is used by one thread at a time (a connection's thread, or
/// the listener's); ``close()`` may come from another thread to end a blocked `accept` or `read`.
public final class UnixSocket: @unchecked Sendable {
    private let descriptor: Int32
    private let closed = NSLock()
    private var isClosed = false

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Connects to the socket at `path`.
    ///
    /// - Throws: ``EmulatorServiceError/cannotConnect(path:reason:)``.
    public static func connect(to path: String) throws(EmulatorServiceError) -> UnixSocket {
        let socket = try make(path: path, failure: { .cannotConnect(path: path, reason: $0) })
        let result = withAddress(path) { Glibc.connect(socket.descriptor, $0, $1) }
        guard result == 0 else { throw .cannotConnect(path: path, reason: String(cString: strerror(errno))) }
        return socket
    }

    /// Listens at `path`, replacing a stale socket file there.
    ///
    /// - Throws: ``EmulatorServiceError/cannotListen(path:reason:)``.
    public static func listen(at path: String) throws(EmulatorServiceError) -> UnixSocket {
        let socket = try make(path: path, failure: { .cannotListen(path: path, reason: $0) })
        unlink(path)
        let bound = withAddress(path) { bind(socket.descriptor, $0, $1) }
        guard bound == 0, Glibc.listen(socket.descriptor, 16) == 0 else {
            throw .cannotListen(path: path, reason: String(cString: strerror(errno)))
        }
        return socket
    }

    /// Waits for the next client; nil once the socket is closed.
    public func accept() -> UnixSocket? {
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        return UnixSocket(descriptor: client)
    }

    /// Sends all of `octets`.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)``.
    public func write(_ octets: [UInt8]) throws(EmulatorServiceError) {
        var sent = 0
        while sent < octets.count {
            let count = octets[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw .connectionLost(String(cString: strerror(errno))) }
            sent += count
        }
    }

    /// Reads exactly `count` octets.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)`` if the other side closes first.
    public func read(count: Int) throws(EmulatorServiceError) -> [UInt8] {
        var octets = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let got = octets[received...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { throw .connectionLost(got == 0 ? "the other side closed the connection" : String(cString: strerror(errno))) }
            received += got
        }
        return octets
    }

    /// Closes the socket; a blocked `accept` or `read` on another thread returns.
    public func close() {
        closed.lock()
        defer { closed.unlock() }
        guard !isClosed else { return }
        isClosed = true
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }

    private static func make(path: String, failure: (String) -> EmulatorServiceError) throws(EmulatorServiceError) -> UnixSocket {
        guard path.utf8.count < 108 else { throw failure("the path is longer than the 107 octets a Unix socket path may have") }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        return UnixSocket(descriptor: descriptor)
    }

    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, octet) in path.utf8.enumerated() where index < buffer.count - 1 {
                buffer[index] = octet
            }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
