import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the server under test over POSIX sockets, with reads that give up after a
/// generous deadline (a dead server fails the test instead of hanging it).
final class TestSocket {
    private let descriptor: Int32
    private var buffered: [UInt8] = []
    private var closed = false

    /// Connects to `host`:`port`; with `receiveBuffer`, the kernel keeps at most about that many
    /// octets for this end before the server's writes stall.
    init(port: Int, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws(TestClientError) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestClientError(description: "socket: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw TestClientError(description: "connect to \(host):\(port): errno \(errno)")
        }
    }

    deinit {
        close()
    }

    /// Closes the connection (once).
    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(TestClientError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw TestClientError(description: "send: errno \(errno)") }
            sent += count
        }
    }

    /// The next `count` octets; nil if the server closed the connection first.
    func read(_ count: Int) throws(TestClientError) -> [UInt8]? {
        while buffered.count < count {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let got = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if got == 0 { return nil }
            guard got > 0 else {
                if errno == ECONNRESET { return nil }
                throw TestClientError(description: "recv: errno \(errno) (no answer within 60 s?)")
            }
            buffered += chunk[..<got]
        }
        let bytes = Array(buffered[..<count])
        buffered.removeFirst(count)
        return bytes
    }

    /// Everything up to and including the first `\r\n\r\n` (an HTTP head), as text.
    func readHead() throws(TestClientError) -> String {
        var head: [UInt8] = []
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            guard let byte = try read(1) else { throw TestClientError(description: "closed in the HTTP head: \(head)") }
            head += byte
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// Everything until the server closes the connection.
    func readToEnd() throws(TestClientError) -> [UInt8] {
        var all: [UInt8] = []
        while let byte = try read(1) {
            all += byte
        }
        return all
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
