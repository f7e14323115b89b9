import Foundation
import UWBCore
#if canImport(Glibc)
import Glibc
#endif

/// A connected or listening Unix-domain stream socket, with blocking whole-buffer reads and writes.
/// The emulator service and its clients talk over one (`Docs/emulator-service.md`).
///
/// `@unchecked Sendable`: a socket is read by one thread at a time (a connection's thread, or the
/// listener's); writes are serialised (``StreamSocket`` in UWBCore, which it shares with the UCI
/// server's TCP socket), so the service's world and a connection's thread may both answer;
/// ``close()`` may come from another thread to end a blocked `accept` or `read`.
public final class UnixSocket: @unchecked Sendable {
    /// The longest a write may block on a peer that does not read: its messages are a few octets
    /// and it is owed at most one at a time, so a full buffer means the peer is gone or broken.
    static let sendTimeout: Duration = .seconds(5)

    private let stream: StreamSocket
    private var descriptor: Int32 { stream.descriptor }

    private init(descriptor: Int32) {
        stream = StreamSocket(descriptor: descriptor, sendTimeout: Self.sendTimeout)
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

    /// Listens at `path`. A socket file left there by a service that is gone (nothing accepts on
    /// it) is replaced; one a live service answers on is not.
    ///
    /// - Throws: ``EmulatorServiceError/alreadyServing(path:)`` if a service answers at `path`,
    ///   ``EmulatorServiceError/cannotListen(path:reason:)`` if something else is in the way.
    public static func listen(at path: String) throws(EmulatorServiceError) -> UnixSocket {
        let socket = try make(path: path, failure: { .cannotListen(path: path, reason: $0) })
        try removeStaleSocket(at: path)
        let bound = withAddress(path) { bind(socket.descriptor, $0, $1) }
        guard bound == 0, Glibc.listen(socket.descriptor, 16) == 0 else {
            let reason = errno == EADDRINUSE ? "another process took the path just now" : String(cString: strerror(errno))
            throw .cannotListen(path: path, reason: reason)
        }
        return socket
    }

    /// Waits for the next client; nil once the socket is closed.
    public func accept() -> UnixSocket? {
        stream.acceptDescriptor().map(UnixSocket.init(descriptor:))
    }

    /// The process id of the other end of a connected socket, as the kernel recorded it when the
    /// connection was made (`SO_PEERCRED`); nil if the kernel does not say.
    public var peerProcessID: Int32? {
        // `struct ucred` (pid, uid, gid: three 32-bit fields), which Glibc's Swift module leaves out.
        var credentials: [Int32] = [0, 0, 0]
        var length = socklen_t(MemoryLayout<Int32>.size * credentials.count)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials[0] > 0 else { return nil }
        return credentials[0]
    }

    /// Sends all of `octets`.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)``.
    public func write(_ octets: [UInt8]) throws(EmulatorServiceError) {
        do {
            try stream.send(octets)
        } catch {
            throw .connectionLost(error.reason)
        }
    }

    /// Reads exactly `count` octets, by `deadline` if one is given.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)`` if the other side closes first,
    ///   ``EmulatorServiceError/timedOut(_:)`` if the deadline passes first.
    public func read(count: Int, by deadline: ContinuousClock.Instant? = nil) throws(EmulatorServiceError) -> [UInt8] {
        var octets = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            if let deadline {
                guard try wait(for: descriptor, until: deadline) else {
                    throw .timedOut("\(received) of \(count) octets arrived in time")
                }
            }
            let got = octets[received...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw .connectionLost(got == 0 ? "the other side closed the connection" : String(cString: strerror(errno))) }
            received += got
        }
        return octets
    }

    /// Blocks until the socket has something to read (or is closed), or `signal` is raised;
    /// returns true for the socket. A raised signal is lowered first.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)`` if the socket cannot be watched.
    public func waitForInput(orWakeFrom signal: WakeSignal) throws(EmulatorServiceError) -> Bool {
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signal.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&watched, 2, -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw .connectionLost(String(cString: strerror(errno))) }
            if watched[0].revents != 0 { return true }
            signal.lower()
            return false
        }
    }

    /// Shuts the connection down both ways: the other side sees it closed, a blocked `accept` or
    /// `read` on another thread returns, and every later operation fails. The descriptor is
    /// released when the socket is.
    public func close() {
        stream.close()
    }

    /// Whether `descriptor` has input by `deadline`.
    private func wait(for descriptor: Int32, until deadline: ContinuousClock.Instant) throws(EmulatorServiceError) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&watched, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw .connectionLost(String(cString: strerror(errno))) }
            if ready > 0 { return true }
        }
    }

    /// Removes a socket file at `path` that no live service answers on.
    private static func removeStaleSocket(at path: String) throws(EmulatorServiceError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw .cannotListen(path: path, reason: "a file that is not a socket is there; remove it or pass another path")
        }
        if let live = try? connect(to: path) {
            live.close()
            throw .alreadyServing(path: path)
        }
        unlink(path)
    }

    private static func make(path: String, failure: (String) -> EmulatorServiceError) throws(EmulatorServiceError) -> UnixSocket {
        guard path.utf8.count < 108 else { throw failure("the path is longer than the 107 octets a Unix socket path may have") }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
