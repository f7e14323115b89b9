import Foundation
import Synchronization

/// Where a radio loop finds what other threads hand it: work posted from any thread (an app
/// calling a session), and app code the loop hands out (delegate callbacks), called reactions.
///
/// A loop on virtual time (the emulator's simulator, an app of the emulator service) runs
/// ``runReactions()`` before its clock moves on: each reaction runs on its queue, one at a time
/// in the order delivered, and the loop waits for it to return. So an app's reaction (running a
/// session again after a removal, invalidating one, starting another) is posted before the
/// loop's next event, and the run is the same every time. A loop on the wall clock (a USB board)
/// hands reactions to their queues directly instead: it must not wait for app code.
///
/// `@unchecked Sendable`: the posted work and the reactions are guarded by ``condition``; the
/// flag read before every event is an atomic.
public final class LoopInbox: @unchecked Sendable {
    /// A delegate callback waiting to run.
    private struct Reaction {
        let queue: DispatchQueue
        let work: @Sendable () -> Void
    }

    /// Whether work or reactions wait: read before every event, so an atomic rather than a lock.
    private let pending = Atomic<Bool>(false)
    /// Guards the lists and wakes a waiting loop.
    private let condition = NSCondition()
    private var work: [@Sendable () -> Void] = []
    private var reactions: [Reaction] = []
    private let wakers = Mutex<[@Sendable () -> Void]>([])

    /// An empty inbox.
    public init() {}

    /// Hands `action` to the loop. Any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        condition.lock()
        work.append(action)
        pending.store(true, ordering: .relaxed)
        condition.broadcast()
        condition.unlock()
        for wake in wakers.withLock({ $0 }) {
            wake()
        }
    }

    /// Queues `work` to run on `queue` at the loop's next ``runReactions()``. Loop only.
    public func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        condition.lock()
        reactions.append(Reaction(queue: queue, work: work))
        pending.store(true, ordering: .relaxed)
        condition.unlock()
    }

    /// Calls `wake` after every ``post(_:)`` from now on: for a loop that blocks on something
    /// other than this inbox (a socket) and must be woken when work arrives.
    public func onPost(_ wake: @escaping @Sendable () -> Void) {
        wakers.withLock { $0.append(wake) }
    }

    /// Whether work or reactions are waiting. A relaxed load: what it guards is read under the
    /// lock, which orders the accesses; a stale `false` only delays the work to the next check.
    @inline(__always)
    public var hasWork: Bool {
        pending.load(ordering: .relaxed)
    }

    /// Takes all posted work, oldest first. Loop only.
    public func take() -> [@Sendable () -> Void] {
        condition.lock()
        defer { condition.unlock() }
        let taken = work
        work.removeAll()
        pending.store(!reactions.isEmpty, ordering: .relaxed)
        return taken
    }

    /// Runs every waiting reaction on its queue, one at a time in the order delivered, waiting for
    /// each to return; reactions delivered meanwhile run too. Returns whether any ran. Loop only.
    ///
    /// A reaction for the main queue delivered while the loop runs on the main thread runs in
    /// place: waiting for the main queue there would wait for itself. On any other thread the loop
    /// waits until the main queue has run it, which happens only while something serves the main
    /// queue (`dispatchMain()`, `RunLoop.main`, an async `main`, the test runner): in a program
    /// whose main thread blocks instead (a semaphore, `readLine()`), the loop would wait for ever,
    /// and an app of the emulator service would hold its turn until it is disconnected.
    ///
    /// Where that could happen: only loops on virtual time wait for reactions (the in-process
    /// emulator's simulator, a radio of the emulator service); a loop on the wall clock hands them
    /// to their queues and goes on. Only an NISession whose `delegateQueue` is nil delivers to the
    /// main queue, and a loop delivers nothing to a session before it runs. Why it does not happen
    /// in this repository: every session that `uwb session`, `uwb calibrate` (radios),
    /// `SessionMesh` (`uwb demo`, whose simulator runs on the main thread anyway) and the
    /// benchmarks' `SessionWaiter` start is given a delegate queue of its own before it runs; only
    /// the iOS-style app test leaves it nil, on a test runner that serves the main queue
    /// (`MainQueueReactionTests`). `NISessionDelegate` tells apps the same.
    @discardableResult
    public func runReactions() -> Bool {
        var ran = false
        while let reaction = nextReaction() {
            ran = true
            if reaction.queue === DispatchQueue.main, Thread.isMainThread {
                reaction.work()
                continue
            }
            let done = DispatchSemaphore(value: 0)
            let work = reaction.work
            reaction.queue.async {
                work()
                done.signal()
            }
            done.wait()
        }
        return ran
    }

    /// Blocks until work is posted or `deadline` passes. Loop only.
    public func waitForWork(until deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        while work.isEmpty {
            guard condition.wait(until: deadline) else { return }
        }
    }

    private func nextReaction() -> Reaction? {
        condition.lock()
        defer { condition.unlock() }
        guard !reactions.isEmpty else { return nil }
        let reaction = reactions.removeFirst()
        pending.store(!reactions.isEmpty || !work.isEmpty, ordering: .relaxed)
        return reaction
    }
}
