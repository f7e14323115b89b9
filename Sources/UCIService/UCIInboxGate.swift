import Foundation

/// How many of one host's messages the world holds and has not handled yet, kept under a bound:
/// the connection's reader takes a place before it posts a message and waits while every place
/// is taken; the world gives the place back once it has handled the message.
///
/// So a host that floods commands has at most ``limit`` of them waiting in the world, its reader
/// stops reading meanwhile (TCP's flow control then throttles the host), and the messages of
/// other hosts are served in turn between them.
///
/// `@unchecked Sendable`: the count and the closed flag are guarded by ``condition``.
final class UCIInboxGate: @unchecked Sendable {
    /// The most messages of the host waiting in the world at once.
    let limit: Int
    /// Guards the count and wakes a waiting reader.
    private let condition = NSCondition()
    /// The host's messages in the world, not handled yet.
    private var pending = 0
    /// Whether the connection is over.
    private var isClosed = false

    /// A gate with `limit` places (at least one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a place, waiting while all are taken. Returns false once the gate is closed: the
    /// reader stops.
    func enter() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pending >= limit, !isClosed {
            condition.wait()
        }
        guard !isClosed else { return false }
        pending += 1
        return true
    }

    /// Gives back the place of a message the world has handled.
    func leave() {
        condition.lock()
        defer { condition.unlock() }
        pending = max(0, pending - 1)
        condition.signal()
    }

    /// Ends the gate: a reader waiting for a place, and every later ``enter()``, gets false.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
    }
}
