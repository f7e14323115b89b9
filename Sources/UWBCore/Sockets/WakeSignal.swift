import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A way for any thread to wake a thread blocked on a socket: a pipe whose read end the blocked
/// thread watches beside the socket (UWBEmulatorService's `UnixSocket.waitForInput(orWakeFrom:)`,
/// AccessoryBluetooth's bus loop).
///
/// `@unchecked Sendable`: the descriptors are fixed at creation; writing to and draining a pipe
/// are safe from any thread.
public final class WakeSignal: @unchecked Sendable {
    /// The end the blocked thread watches.
    package let readEnd: Int32
    private let writeEnd: Int32

    /// A new signal, not raised.
    ///
    /// - Throws: ``WakeSignalError`` if the process has no descriptors left.
    public init() throws(WakeSignalError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw WakeSignalError(reason: String(cString: strerror(errno)))
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }

    /// Raises the signal: the watching thread wakes (now, or at once when it next watches).
    public func raise() {
        var octet: UInt8 = 1
        _ = Glibc.write(writeEnd, &octet, 1)
    }

    /// Lowers the signal again, forgetting every raise so far.
    package func lower() {
        var octets = [UInt8](repeating: 0, count: 64)
        while Glibc.read(readEnd, &octets, octets.count) > 0 {}
    }
}
