/// The simulator's pending events, ordered by their keys (``EventKey``): a binary min-heap.
struct EventQueue {
    /// One pending event.
    struct Entry {
        let key: EventKey
        let event: ScheduledEvent

        /// When the event runs.
        var time: SimulationTime { key.time }

        func precedes(_ other: Entry) -> Bool {
            key.precedes(other.key)
        }
    }

    private var heap: [Entry] = []

    /// How many events are queued (cancelled ones included until they are popped).
    var count: Int { heap.count }

    /// The earliest event, without removing it.
    var first: Entry? { heap.first }

    /// Adds an event.
    ///
    /// Both operations move a hole through the heap instead of swapping entries, moving each
    /// entry at most once without retaining or releasing its event: the queue sees every event
    /// of the run twice, so its sifting is among the emulator's hottest loops. Entries are
    /// ordered totally (no two share a key), so the order of popping is the same
    /// as with any other correct heap.
    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        heap.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var hole = buffer.count - 1
            let moving = (base + hole).move()
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard moving.precedes(base[parent]) else { break }
                (base + hole).moveInitialize(from: base + parent, count: 1)
                hole = parent
            }
            (base + hole).initialize(to: moving)
        }
    }

    /// Removes and returns the earliest event.
    mutating func popFirst() -> Entry? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        return heap.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let count = buffer.count
            let first = base.move()
            var hole = 0
            while true {
                let left = 2 * hole + 1
                guard left < count else { break }
                let right = left + 1
                let child = right < count && base[right].precedes(base[left]) ? right : left
                guard base[child].precedes(last) else { break }
                (base + hole).moveInitialize(from: base + child, count: 1)
                hole = child
            }
            (base + hole).initialize(to: last)
            return first
        }
    }
}
