import Synchronization
import UWBCore

/// What the parts of a world split into parts publish to each other while they run (decision 0030):
/// each part's promise, whether it may transmit, its group (``PartGroups``), and, per pair of parts,
/// when the earliest frame the one sent the other and the other has not carried yet went on the air.
///
/// Each value lies in memory of its own, ``slotBytes`` from the next, read and written through
/// pointers (``PublishedValue``). A part that waits reads the others' values again and again, while
/// their threads write them after every event; held in the parts themselves, every read went through a
/// reference to another part, whose count the waiting thread changed at each look (a retain and a
/// release) in the very cache line the working thread wrote: the two cores passed that line to and fro
/// at every event, and the waiting cost the working part (session 63: half the samples of a two-thread
/// run of ranging pairs were in retain and release).
///
/// `@unchecked Sendable`: every value is an atomic; the memory lives as long as the signals.
final class PartSignals: @unchecked Sendable {
    /// How many parts the world has.
    let parts: Int
    /// Which parts can reach each other's devices, worked out as devices join, before the world runs;
    /// each part's group is published in a slot (``group(of:)``) for the parts' threads to read.
    private var groups: PartGroups
    /// Between two values: two 64-byte cache lines, as some processors fetch lines in pairs.
    static let slotBytes = 128
    private let base: UnsafeMutableRawPointer
    private let slots: Int

    /// Signals for a world of `parts` parts: every promise and every waiting frame's start never, every
    /// part not transmitting and in a group of its own.
    init(parts: Int) {
        self.parts = parts
        groups = PartGroups(parts: parts)
        slots = 3 * parts + parts * parts
        base = UnsafeMutableRawPointer.allocate(byteCount: slots * Self.slotBytes, alignment: Self.slotBytes)
        for slot in 0..<slots {
            // Not transmitting, promising never, each part a group of its own, no frame waiting.
            let value: Int64 = slot < parts ? 0 : slot < 2 * parts || slot >= 3 * parts ? .max : Int64(slot - 2 * parts)
            (base + slot * Self.slotBytes).bindMemory(to: Atomic<Int64>.self, capacity: 1)
                .initialize(to: Atomic(value))
        }
    }

    /// A device fitted for `band` joins part `part` (``PartGroups/join(band:part:)``): publishes every
    /// part's group afresh. Only before the world runs.
    func join(band: Channel?, part: Int) {
        groups.join(band: band, part: part)
        for (part, group) in groups.group.enumerated() {
            self.group(of: part).store(Int64(group))
        }
    }

    deinit {
        for slot in 0..<slots {
            (base + slot * Self.slotBytes).assumingMemoryBound(to: Atomic<Int64>.self).deinitialize(count: 1)
        }
        base.deallocate()
    }

    /// Whether part `part` may transmit, 1 or 0 (slots 0 to `parts` − 1).
    func transmits(_ part: Int) -> PublishedValue {
        PublishedValue(slot: slot(part))
    }

    /// Part `part`'s promise (``WorldPart/promise``).
    func promise(of part: Int) -> PublishedValue {
        PublishedValue(slot: slot(parts + part))
    }

    /// Part `part`'s group (``PartGroups``), named by its lowest part (slots 2 × `parts` to 3 × `parts` − 1).
    func group(of part: Int) -> PublishedValue {
        PublishedValue(slot: slot(2 * parts + part))
    }

    /// When the earliest frame part `sender` sent part `receiver` and `receiver` has not carried yet went
    /// on the air (``CrossingQueue/earliestStart``).
    func waiting(from sender: Int, to receiver: Int) -> PublishedValue {
        PublishedValue(slot: slot(3 * parts + sender * parts + receiver))
    }

    private func slot(_ index: Int) -> UnsafeMutablePointer<Atomic<Int64>> {
        (base + index * Self.slotBytes).assumingMemoryBound(to: Atomic<Int64>.self)
    }
}

/// A value one part's thread publishes for the others (an instant in picoseconds, or a flag): a pointer into the
/// world's ``PartSignals``, which outlive every part and so every pointer.
struct PublishedValue: @unchecked Sendable {
    /// Where the value lies.
    let slot: UnsafeMutablePointer<Atomic<Int64>>

    /// The value, read sequentially consistently: what another part's thread reads.
    func load() -> Int64 {
        slot.pointee.load(ordering: .sequentiallyConsistent)
    }

    /// The value, read with no ordering: what the thread that writes it reads.
    func loadRelaxed() -> Int64 {
        slot.pointee.load(ordering: .relaxed)
    }

    /// Publishes `value`, sequentially consistently.
    func store(_ value: Int64) {
        slot.pointee.store(value, ordering: .sequentiallyConsistent)
    }

    /// Sets `value` with no ordering: for a value the other parts read only after a synchronisation.
    func storeRelaxed(_ value: Int64) {
        slot.pointee.store(value, ordering: .relaxed)
    }
}
