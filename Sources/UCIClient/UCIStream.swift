import Foundation
import Synchronization
import UWBCore
#if canImport(Glibc)
import Glibc
#endif

/// The byte stream to a UCI device: a TCP connection or a serial port in raw mode.
///
/// One thread reads (``read(upTo:)``, which returns now and then with nothing so that the reader
/// can notice ``close()``); writes are whole-buffer and serialised. The descriptor is released
/// with the last reference.
///
/// `@unchecked Sendable`: the descriptor is immutable, the socket serialises its writes, the
/// serial port's writes are under a lock, the closed flag is atomic, and the read buffer is used
/// by the one reader thread only.
final class UCIStream: @unchecked Sendable {
    /// The endpoint, for messages.
    let endpoint: UCIEndpoint
    private let descriptor: Int32
    /// The socket of a TCP endpoint (nil for a serial port): it sends without SIGPIPE and shuts down.
    private let socket: StreamSocket?
    private let writing = NSLock()
    private let closed = Atomic<Bool>(false)
    /// Where ``read(upTo:)`` reads into, kept between reads (only the reader thread reads).
    private var buffer: [UInt8] = []

    private init(endpoint: UCIEndpoint, descriptor: Int32, socket: StreamSocket?) {
        self.endpoint = endpoint
        self.descriptor = descriptor
        self.socket = socket
    }

    deinit {
        if socket == nil {
            Glibc.close(descriptor)
        }
    }

    /// Opens `endpoint`: connects to the TCP server, or opens the serial port (exclusively) in raw mode.
    ///
    /// - Throws: ``UCIClientError/cannotOpen(_:reason:)`` with the system's reason and what to do.
    static func open(_ endpoint: UCIEndpoint, timeout: Duration) throws(UCIClientError) -> UCIStream {
        switch endpoint {
        case .tcp(let host, let port): try connect(endpoint, host: host, port: port, timeout: timeout)
        case .serial(let path): try openSerial(endpoint, path: path)
        }
    }

    /// The octets that arrived (at most `limit`): empty if none came within a poll interval
    /// (``UCIClientConstants/readPoll``), nil once the device closed the stream or it was closed here.
    ///
    /// - Throws: ``UCIClientError/lost(_:reason:)`` if the stream broke.
    func read(upTo limit: Int) throws(UCIClientError) -> [UInt8]? {
        guard !closed.load(ordering: .relaxed) else { return nil }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = Glibc.poll(&poller, 1, Int32(UCIClientConstants.readPoll / .milliseconds(1)))
        if ready < 0, errno != EINTR { throw .lost(endpoint, reason: String(cString: strerror(errno))) }
        guard ready > 0 else { return [] }
        if buffer.count < limit {
            buffer = [UInt8](repeating: 0, count: limit)
        }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, limit) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            // A pseudo-terminal whose other side closed reads EIO: the device is gone.
            throw .lost(endpoint, reason: String(cString: strerror(errno)))
        }
        return count == 0 ? nil : Array(buffer[..<count])
    }

    /// Writes all of `octets`.
    ///
    /// - Throws: ``UCIClientError/lost(_:reason:)`` if the stream broke.
    func write(_ octets: [UInt8]) throws(UCIClientError) {
        if let socket {
            do {
                try socket.send(octets)
            } catch {
                throw .lost(endpoint, reason: error.reason)
            }
            return
        }
        writing.lock()
        defer { writing.unlock() }
        var written = 0
        while written < octets.count {
            let count = octets[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .lost(endpoint, reason: String(cString: strerror(errno))) }
            written += count
        }
    }

    /// Ends the stream: the reader's next read returns nil, and a TCP peer sees the connection closed.
    func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        socket?.close()
    }

    private static func connect(_ endpoint: UCIEndpoint, host: String, port: UInt16, timeout: Duration) throws(UCIClientError) -> UCIStream {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &found)
        guard lookup == 0, let first = found else {
            throw .cannotOpen(endpoint, reason: "cannot find the host \(host): \(String(cString: gai_strerror(lookup)))")
        }
        defer { freeaddrinfo(first) }
        var reason = "no address"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                reason = String(cString: strerror(errno))
                continue
            }
            // The send timeout also bounds connect on Linux (socket(7), SO_SNDTIMEO).
            let socket = StreamSocket(descriptor: descriptor, sendTimeout: timeout)
            if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                var one: Int32 = 1
                _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return UCIStream(endpoint: endpoint, descriptor: descriptor, socket: socket)
            }
            reason = String(cString: strerror(errno))
        }
        throw .cannotOpen(endpoint, reason: "\(reason) (is `uwb uci serve` or another UCI server listening there?)")
    }

    private static func openSerial(_ endpoint: UCIEndpoint, path: String) throws(UCIClientError) -> UCIStream {
        let descriptor = Glibc.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let advice = errno == EACCES
                ? " (add yourself to the dialout group, or install a udev rule for the board)" : ""
            throw .cannotOpen(endpoint, reason: String(cString: strerror(errno)) + advice)
        }
        let stream = UCIStream(endpoint: endpoint, descriptor: descriptor, socket: nil)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw .cannotOpen(endpoint, reason: "another program has the port open; close it first")
        }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            throw .cannotOpen(endpoint, reason: "it is not a serial port (\(String(cString: strerror(errno))))")
        }
        cfmakeraw(&settings)
        cfsetispeed(&settings, speed_t(B115200))
        cfsetospeed(&settings, speed_t(B115200))
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            throw .cannotOpen(endpoint, reason: "cannot set raw mode: \(String(cString: strerror(errno)))")
        }
        tcflush(descriptor, TCIOFLUSH)
        return stream
    }
}
