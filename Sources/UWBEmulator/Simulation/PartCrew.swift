import Foundation
import Synchronization

/// The threads that run a split world's parts (``WorldPart``) window by window: the caller's thread
/// leads and runs the first part; a thread of its own runs each other part. A window starts when the
/// leader publishes its number and limit, and ends when every part has run to the limit; between
/// windows only the leader touches the parts.
///
/// Within a window each part runs as far as the other parts' promises and the frames waiting for them
/// let it (``WorldPart``), publishes its own promise, and waits for the others to move on when it can go
/// no further. Those waits are short (a few microseconds of
/// virtual time where devices are busy), so a thread that waits looks again and again for a while,
/// then sleeps until another thread rings: a thread rings only when one sleeps.
///
/// `@unchecked Sendable`: the window's number and limit are written by the leader before it publishes
/// the window (a releasing store) and read by the other threads after they see it (acquiring loads); a
/// part is used by its own thread within a window and by the leader between windows, and the
/// ``finished`` count (released by each thread, acquired by the leader) orders the two. Within a window
/// parts share only their promises (atomic) and their queues of frames (locked); a part publishes
/// its promise after the frames it sent before it are queued.
final class PartCrew: @unchecked Sendable {
    /// How many times a waiting thread looks before it sleeps while every part has a core of its own:
    /// some tens of microseconds.
    static let spinsOnOwnCores = 20_000
    /// How many times it looks when there are more parts than cores, where a thread that looks keeps
    /// off its core a thread that would move on.
    static let spinsOnSharedCores = 100

    /// How many times a waiting thread looks before it sleeps.
    private let spins: Int

    private let parts: [WorldPart]
    /// Per part (by index): whether another part may transmit, and so answer its frames.
    private let answerable: [Bool]
    /// Per part (by index): whether another part heeds it (``WorldPart/heeds(_:)``), and so waits for
    /// its promise; a part no other heeds publishes none while it runs, nor rings.
    private let heeded: [Bool]
    /// Whether no part heeds another: each part runs its windows without ever waiting within one.
    let partsAreSeparate: Bool
    /// The window the other threads are to run; -1 tells them to stop.
    private let started = Atomic<Int>(0)
    /// How many of the other threads have run the current window.
    private let finished = Atomic<Int>(0)
    /// How many threads sleep on the bell.
    private let sleepers = Atomic<Int>(0)
    /// The current window's limit.
    private var limit = SimulationTime.zero
    /// What a thread that stopped looking sleeps on.
    private let bell = NSCondition()
    /// Signalled by each thread as it ends.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts a thread for each part of `parts` but the first, which the caller runs.
    init(parts: [WorldPart]) {
        self.parts = parts
        answerable = parts.map(\.answerable)
        heeded = parts.map { part in parts.contains { $0 !== part && $0.heeds(part.index) } }
        partsAreSeparate = !heeded.contains(true)
        spins = parts.count <= ProcessInfo.processInfo.activeProcessorCount ? Self.spinsOnOwnCores : Self.spinsOnSharedCores
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
    /// once all have run it. Every part's promise must be published for the window.
    func run(window: Int, notAfter limit: SimulationTime) {
        self.limit = limit
        finished.store(0, ordering: .relaxed)
        started.store(window, ordering: .sequentiallyConsistent)
        ringIfAnyoneSleeps()
        runWindow(of: parts[0])
        let others = parts.count - 1
        wait(for: parts[0]) { self.finished.load(ordering: .sequentiallyConsistent) == others }
    }

    /// Stops the other threads and waits until they have ended.
    func stop() {
        started.store(-1, ordering: .sequentiallyConsistent)
        ringIfAnyoneSleeps()
        for _ in parts.dropFirst() {
            ended.wait()
        }
    }

    /// One part's thread: runs each window as it starts, until told to stop.
    private func work(_ part: WorldPart) {
        var last = 0
        while true {
            wait(for: nil) { self.started.load(ordering: .sequentiallyConsistent) != last }
            let current = started.load(ordering: .acquiring)
            guard current >= 0 else { break }
            last = current
            runWindow(of: part)
            finished.add(1, ordering: .sequentiallyConsistent)
            ringIfAnyoneSleeps()
        }
        ended.signal()
    }

    /// Runs `part`'s events up to the window's limit: again and again, carries the frames the others sent
    /// it, runs its events up to the earliest instant a frame from another part could come
    /// (``WorldPart/safeLimit(answerable:)``), and publishes its promise; waits for that instant to move on, or for frames,
    /// when it can go no further.
    private func runWindow(of part: WorldPart) {
        let limit = limit
        let answerable = answerable[part.index]
        let heeded = heeded[part.index]
        part.windows += 1
        var safe = SimulationTime.zero
        while true {
            part.land(from: parts)
            safe = max(safe, part.safeLimit(answerable: answerable))
            let bound = min(safe, limit)
            // The promise follows every event, so that the others may go on while this part does.
            while part.simulator.step(notAfter: bound) {
                guard heeded else { continue }
                part.publishPromise(notBefore: part.simulator.now)
                ringIfAnyoneSleeps()
            }
            part.publishPromise(notBefore: SimulationTime(picoseconds: bound.picoseconds + 1))
            ringIfAnyoneSleeps()
            if safe >= limit {
                return
            }
            wait(for: part) { part.safeLimit(answerable: answerable) > safe || part.earliestLanding() != nil }
        }
    }

    /// Wakes every thread asleep on the bell, if one is.
    private func ringIfAnyoneSleeps() {
        guard sleepers.load(ordering: .sequentiallyConsistent) > 0 else { return }
        bell.lock()
        bell.broadcast()
        bell.unlock()
    }

    /// Returns once `condition` holds: looks ``spins`` times, then sleeps until rung and looks again. The
    /// wall time it waits counts as `part`'s time blocked.
    private func wait(for part: WorldPart?, until condition: () -> Bool) {
        guard !condition() else { return }
        let start = ContinuousClock.now
        defer { part?.blocked += ContinuousClock.now - start }
        for _ in 0..<spins where condition() {
            return
        }
        bell.lock()
        sleepers.add(1, ordering: .sequentiallyConsistent)
        while !condition() {
            bell.wait()
        }
        sleepers.subtract(1, ordering: .sequentiallyConsistent)
        bell.unlock()
    }
}
