import Foundation
import Synchronization
import UWBCore

/// The frames one part of a split world sent to another (``WorldPart``), for that part to carry to its
/// own devices. The sending part's thread adds frames while the receiving part's thread takes them, so
/// the queue is locked; each pair of parts has its own, and the lock is rarely contended. Other parts
/// read when the earliest frame waiting went on the air (``earliestStart``) without the lock.
///
/// `@unchecked Sendable`: every access to the frames holds the lock.
final class CrossingQueue: @unchecked Sendable {
    private let lock = NSLock()
    /// The frames, in the order they went on the air.
    private var frames: [OutgoingFrame] = []
    /// The array the taker works through, swapped with ``frames`` under the lock so that neither is
    /// allocated again and again.
    private var taken: [OutgoingFrame] = []

    /// When the earliest frame waiting went on the air, in picoseconds; `Int64.max` when none waits. Set
    /// before the frame can be taken and cleared when the frames are taken, under the lock. Published in
    /// the world's ``PartSignals``, where the other parts read it.
    let earliestStart: PublishedValue

    /// A queue whose earliest frame's start is published at `earliestStart`.
    init(earliestStart: PublishedValue) {
        self.earliestStart = earliestStart
    }

    /// Adds `frame`.
    func append(_ frame: OutgoingFrame) {
        lock.lock()
        frames.append(frame)
        let start = frame.transmission.start.picoseconds
        if start < earliestStart.loadRelaxed() {
            earliestStart.store(start)
        }
        lock.unlock()
    }

    /// Hands every frame waiting to `body`, in the order they went on the air, then forgets them; frames
    /// added meanwhile wait for the next call.
    func drain(_ body: (OutgoingFrame) -> Void) {
        lock.lock()
        swap(&frames, &taken)
        earliestStart.store(.max)
        lock.unlock()
        guard !taken.isEmpty else { return }
        for frame in taken {
            body(frame)
        }
        taken.removeAll(keepingCapacity: true)
    }
}
