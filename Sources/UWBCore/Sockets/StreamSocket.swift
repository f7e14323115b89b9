import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The descriptor of a connected or listening stream socket, whatever its address family: the part
/// the emulator service's Unix socket and the UCI server's TCP socket share.
///
/// Writes are whole-buffer and serialised by a lock, and block for at most ``sendTimeout`` on a
/// peer that does not read; ``close()`` may come from any thread to end a blocked `accept` or
/// read. The descriptor is released only with the last reference (`deinit`), so a thread still
/// using the socket never reaches a descriptor number the system has since given to another
/// connection.
///
/// `@unchecked Sendable`: the descriptor is immutable, writes and closing are under their locks.
package final class StreamSocket: @unchecked Sendable {
    /// The socket's descriptor.
    package let descriptor: Int32
    /// The longest a write blocks on a peer that does not read.
    package let sendTimeout: Duration

    private let writing = NSLock()
    private let closing = NSLock()
    private var isClosed = false

    /// Takes ownership of `descriptor` and limits its writes to `sendTimeout`.
    package init(descriptor: Int32, sendTimeout: Duration) {
        self.descriptor = descriptor
        self.sendTimeout = sendTimeout
        setTimeout(SO_SNDTIMEO, sendTimeout)
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Sets the socket timeout `option` (`SO_SNDTIMEO` or `SO_RCVTIMEO`) to `duration`, to the
    /// microsecond (a duration under a second must not become 0, which means no timeout).
    package func setTimeout(_ option: Int32, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        if timeout.tv_sec == 0, timeout.tv_usec == 0, duration > .zero { timeout.tv_usec = 1 }
        _ = setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The descriptor of the next connection of a listening socket; nil once the socket is closed.
    package func acceptDescriptor() -> Int32? {
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 { return client }
            guard errno == EINTR || errno == ECONNABORTED else { return nil }
        }
    }

    /// Sends all of `octets`.
    ///
    /// - Throws: ``StreamSocketFailure`` with the reason, if the connection broke or the peer did
    ///   not read for ``sendTimeout``.
    package func send(_ octets: [UInt8]) throws(StreamSocketFailure) {
        writing.lock()
        defer { writing.unlock() }
        var sent = 0
        while sent < octets.count {
            let count = octets[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw StreamSocketFailure(
                    reason: errno == EAGAIN ? "the other side has not read for \(sendTimeout)" : String(cString: strerror(errno)))
            }
            sent += count
        }
    }

    /// Shuts the connection down both ways: the other side sees it closed and a blocked `accept`
    /// or read on another thread returns. Closing twice does nothing.
    package func close() {
        closing.lock()
        defer { closing.unlock() }
        guard !isClosed else { return }
        isClosed = true
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}

/// Why a ``StreamSocket`` could not send: the system's reason, or a peer that stopped reading.
package struct StreamSocketFailure: Error, Sendable {
    /// What went wrong.
    package let reason: String
}
