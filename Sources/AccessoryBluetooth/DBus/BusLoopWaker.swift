import Glibc

/// Wakes a ``BusConnection``'s loop thread from its `poll`: a pipe that other threads write to
/// when they post work.
final class BusLoopWaker: Sendable {
    /// The end the loop polls for input.
    let descriptor: Int32
    private let writeEnd: Int32

    /// A new pipe, both ends non-blocking.
    ///
    /// - Throws: ``AccessoryBluetoothError/system(_:)`` if the system has no descriptor to spare.
    init() throws(AccessoryBluetoothError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .system("pipe failed (errno \(errno)); raise the limit of open files (ulimit -n)")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        Glibc.close(descriptor)
        Glibc.close(writeEnd)
    }

    /// Makes the loop's next `poll` return (a full pipe already does).
    func wake() {
        var one: UInt8 = 1
        _ = write(writeEnd, &one, 1)
    }

    /// Clears the wake-ups (on the loop thread, after `poll`).
    func clear() {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &drained, drained.count) > 0 {}
    }
}
