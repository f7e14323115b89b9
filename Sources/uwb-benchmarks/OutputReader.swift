import Foundation
import Synchronization
import UWBCore

/// Reads one output pipe of a child process to its end on a thread of its own, so that a child
/// never blocks on a full pipe, and keeps both the raw octets and each line with the wall-clock
/// instant it arrived.
final class OutputReader: Sendable {
    /// One line of output (without its newline) and when the reader got it.
    struct Line: Sendable {
        /// The line's text.
        let text: String
        /// When the octets that completed it arrived.
        let arrival: ContinuousClock.Instant
    }

    /// What the reader has read.
    private struct State {
        /// Every octet.
        var data = Data()
        /// The complete lines.
        var lines: [Line] = []
        /// The octets after the last newline.
        var partial = Data()
    }

    /// What has been read, shared with the reading thread.
    private let state = Mutex(State())
    /// Signalled when the pipe has ended (and again by each waiter).
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading `handle` until its end.
    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            self.read(handle)
        }
    }

    /// Every octet read so far.
    var data: Data { state.withLock { $0.data } }

    /// Every complete line read so far, and the unfinished last one once the pipe has ended.
    var lines: [Line] { state.withLock { $0.lines } }

    /// Waits until the pipe has ended (the child and every copy of its write end closed it) or
    /// `timeout` passes; true if it ended.
    @discardableResult
    func waitForEnd(timeout: Duration) -> Bool {
        guard finished.wait(timeout: .now() + timeout.secondsValue) == .success else { return false }
        finished.signal()
        return true
    }

    /// Reads `handle` until its end, on the reading thread.
    private func read(_ handle: FileHandle) {
        // read(2) rather than FileHandle.read(upToCount:), which waits for the whole count on a pipe.
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let descriptor = handle.fileDescriptor
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            let chunk = Data(buffer[0..<count])
            let arrival = ContinuousClock.now
            state.withLock { state in
                state.data.append(chunk)
                state.partial.append(chunk)
                while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = state.partial[state.partial.startIndex..<newline]
                    state.lines.append(Line(text: String(decoding: line, as: UTF8.self), arrival: arrival))
                    state.partial = Data(state.partial[state.partial.index(after: newline)...])
                }
            }
        }
        try? handle.close()
        state.withLock { state in
            if !state.partial.isEmpty {
                state.lines.append(Line(text: String(decoding: state.partial, as: UTF8.self), arrival: .now))
                state.partial = Data()
            }
        }
        finished.signal()
    }
}
