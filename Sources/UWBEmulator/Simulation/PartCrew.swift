import Foundation
import Synchronization

/// The threads that run a split world's parts (``WorldPart``) window by window: the caller's thread
/// leads and runs the first part; a thread of its own runs each other part. A window starts when the
/// leader publishes its number and limit, and ends when every part has run to the limit; between
/// windows only the leader touches the parts.
///
/// Windows are short (a few microseconds of virtual time where devices are busy), so a thread that
/// waits first looks again and again for a while, then sleeps until it is rung.
///
/// `@unchecked Sendable`: the window's number and limit are written by the leader before it publishes
/// the window (a releasing store) and read by the other threads after they see it (acquiring loads); a
/// part is used by its own thread within a window and by the leader between windows, and the
/// ``finished`` count (released by each thread, acquired by the leader) orders the two.
final class PartCrew: @unchecked Sendable {
    /// How many times a waiting thread looks before it sleeps: some tens of microseconds.
    static let spins = 4_000

    private let parts: [WorldPart]
    /// The window the other threads are to run; -1 tells them to stop.
    private let started = Atomic<Int>(0)
    /// How many of the other threads have run the current window.
    private let finished = Atomic<Int>(0)
    /// The current window's number and limit.
    private var window = 0
    private var limit = SimulationTime.zero
    /// What a thread that stopped looking sleeps on.
    private let bell = NSCondition()
    /// Signalled by each thread as it ends.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts a thread for each part of `parts` but the first, which the caller runs.
    init(parts: [WorldPart]) {
        self.parts = parts
        for part in parts.dropFirst() {
            let transfer = UncheckedTransfer(part)
            let thread = Thread { [self] in
                work(transfer.value)
            }
            thread.name = "uwb world part \(part.index)"
            // The radio loops run the real drivers and the positioning software: as deep as on the main thread.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Runs window `window` up to `limit`: the first part on this thread, the others on theirs; returns
    /// once all have run it.
    func run(window: Int, notAfter limit: SimulationTime) {
        self.window = window
        self.limit = limit
        finished.store(0, ordering: .relaxed)
        started.store(window, ordering: .releasing)
        ring()
        parts[0].run(window: window, notAfter: limit, parts: parts)
        parts[0].finished = .now
        let others = parts.count - 1
        wait { self.finished.load(ordering: .acquiring) == others }
        let end = ContinuousClock.now
        for part in parts {
            part.blocked += end - part.finished
        }
    }

    /// Stops the other threads and waits until they have ended.
    func stop() {
        started.store(-1, ordering: .releasing)
        ring()
        for _ in parts.dropFirst() {
            ended.wait()
        }
    }

    /// One part's thread: runs each window as it starts, until told to stop.
    private func work(_ part: WorldPart) {
        var last = 0
        while true {
            wait { self.started.load(ordering: .acquiring) != last }
            let current = started.load(ordering: .acquiring)
            guard current >= 0 else { break }
            last = current
            part.run(window: window, notAfter: limit, parts: parts)
            part.finished = .now
            finished.add(1, ordering: .releasing)
            ring()
        }
        ended.signal()
    }

    /// Wakes every thread asleep on the bell.
    private func ring() {
        bell.lock()
        bell.broadcast()
        bell.unlock()
    }

    /// Returns once `condition` holds: looks ``spins`` times, then sleeps until rung and looks again.
    private func wait(_ condition: () -> Bool) {
        for _ in 0..<Self.spins where condition() {
            return
        }
        bell.lock()
        while !condition() {
            bell.wait()
        }
        bell.unlock()
    }
}
