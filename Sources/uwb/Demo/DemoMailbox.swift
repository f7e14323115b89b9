import Foundation

/// Where the demo's session delegates leave what they heard, for the demo's main loop to take
/// between slices of virtual time: (device, peer, event) in delivery order.
///
/// `@unchecked Sendable`: the list is guarded by `lock`.
final class DemoMailbox: @unchecked Sendable {
    /// One delivered event and the session it came from.
    struct Entry: Sendable {
        let device: String
        let peer: String
        let event: DemoSessionEvent
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    /// Leaves an event.
    func post(_ entry: Entry) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    /// Takes everything left so far, oldest first.
    func take() -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        let taken = entries
        entries.removeAll()
        return taken
    }
}
