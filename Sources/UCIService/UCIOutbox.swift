import Foundation

/// What the world has for one host and its writer has not sent yet: UCI packets, oldest first,
/// with the octets they hold counted against a limit.
///
/// The world's thread adds packets with ``enqueue(_:)``, which never blocks; the connection's
/// writer thread takes them with ``take()``, which waits for some. A host that does not read lets
/// its packets pile up here once the kernel's buffers are full; past ``limit`` octets
/// ``enqueue(_:)`` refuses and the host is disconnected, so a stalled host costs the world
/// nothing but this memory.
///
/// `@unchecked Sendable`: every stored property is guarded by ``condition``.
final class UCIOutbox: @unchecked Sendable {
    /// How the queue ends for its writer.
    private enum Ending {
        /// Still open.
        case open
        /// The writer sends what is queued, then stops.
        case drain
        /// The writer stops at once; what is queued is dropped.
        case discard
    }

    /// The most octets queued at once; a packet that would go past it is refused.
    let limit: Int
    /// Guards the queue and wakes the writer.
    private let condition = NSCondition()
    /// The packets not taken yet, oldest first.
    private var packets: [[UInt8]] = []
    /// The octets those packets hold.
    private var queuedOctets = 0
    /// Whether the outbox still takes packets, and how it ends.
    private var ending = Ending.open

    /// An empty outbox that holds at most `limit` octets.
    init(limit: Int) {
        self.limit = limit
    }

    /// Adds `packets` after those queued. Returns false, adding nothing, when they would take the
    /// queue past ``limit`` (the host is not reading) or the outbox is closed.
    func enqueue(_ packets: [[UInt8]]) -> Bool {
        let octets = packets.reduce(0) { $0 + $1.count }
        condition.lock()
        defer { condition.unlock() }
        guard case .open = ending, queuedOctets + octets <= limit else { return false }
        self.packets += packets
        queuedOctets += octets
        condition.signal()
        return true
    }

    /// Every packet queued, oldest first, once there is at least one; nil once the outbox is
    /// closed (after the queue is empty, for ``finish()``).
    func take() -> [[UInt8]]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch ending {
            case .discard:
                return nil
            case .drain where packets.isEmpty:
                return nil
            case .open, .drain:
                if !packets.isEmpty {
                    defer {
                        packets = []
                        queuedOctets = 0
                    }
                    return packets
                }
                condition.wait()
            }
        }
    }

    /// How many octets wait to be sent now.
    var octetCount: Int {
        condition.withLock { queuedOctets }
    }

    /// Takes no more packets; the writer sends those queued, then stops.
    func finish() {
        end(.drain)
    }

    /// Takes no more packets and drops those queued; the writer stops.
    func close() {
        end(.discard)
    }

    /// Moves to `newEnding` (a closed outbox stays closed) and wakes the writer.
    private func end(_ newEnding: Ending) {
        condition.lock()
        defer { condition.unlock() }
        if case .discard = ending { return }
        ending = newEnding
        condition.broadcast()
    }
}
