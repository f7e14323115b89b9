import Foundation
import Synchronization

/// Work handed to a ``Simulator`` from other threads: an app calling a session from its own
/// thread, for example. The simulator runs each item as an event at its current virtual time, in
/// the order posted, the next time it steps.
///
/// The simulator itself belongs to one thread; the inbox is the one part of it any thread may use.
/// A paced run waiting for the wall clock wakes up when work arrives, so posted work does not wait
/// for the next scheduled event.
public final class SimulatorInbox: @unchecked Sendable {
    /// Whether ``work`` holds anything: read by the simulator before every event, so it is an
    /// atomic rather than a lock.
    private let pending = Atomic<Bool>(false)
    /// Guards ``work`` and wakes a waiting paced run.
    private let condition = NSCondition()
    /// The posted work, oldest first; accessed only while holding ``condition``.
    private var work: [@Sendable () -> Void] = []

    init() {}

    /// Hands `action` to the simulator's thread. Safe to call from any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        condition.lock()
        work.append(action)
        pending.store(true, ordering: .relaxed)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether work is waiting. A relaxed load: it is read before every event, and what it guards
    /// is read under the lock in ``take()``, which orders the accesses; a stale `false` only
    /// delays the work to the next event.
    @inline(__always)
    var hasWork: Bool {
        pending.load(ordering: .relaxed)
    }

    /// Takes all waiting work, oldest first.
    func take() -> [@Sendable () -> Void] {
        condition.lock()
        defer { condition.unlock() }
        let taken = work
        work.removeAll()
        pending.store(false, ordering: .relaxed)
        return taken
    }

    /// Blocks until work is waiting or `deadline` passes.
    func waitForWork(until deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        while work.isEmpty {
            guard condition.wait(until: deadline) else { return }
        }
    }
}
