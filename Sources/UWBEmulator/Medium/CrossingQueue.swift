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
    /// before the frame can be taken and cleared when the frames are taken, under the lock.
    let earliestStart = Atomic<Int64>(.max)

    /// Adds `frame`.
    func append(_ frame: OutgoingFrame) {
        lock.lock()
        frames.append(frame)
        let start = frame.transmission.start.picoseconds
        if start < earliestStart.load(ordering: .relaxed) {
            earliestStart.store(start, ordering: .sequentiallyConsistent)
        }
        lock.unlock()
    }

    /// When the earliest frame waiting went on the air, if any is waiting.
    var earliest: SimulationTime? {
        let start = earliestStart.load(ordering: .sequentiallyConsistent)
        return start == .max ? nil : SimulationTime(picoseconds: start)
    }

    /// Hands every frame waiting to `body`, in the order they went on the air, then forgets them; frames
    /// added meanwhile wait for the next call.
    func drain(_ body: (OutgoingFrame) -> Void) {
        lock.lock()
        swap(&frames, &taken)
        earliestStart.store(.max, ordering: .sequentiallyConsistent)
        lock.unlock()
        guard !taken.isEmpty else { return }
        for frame in taken {
            body(frame)
        }
        taken.removeAll(keepingCapacity: true)
    }
}
