/// The simulator's pending events, ordered by (time, sequence number): a binary min-heap.
///
/// Events at the same instant run in the order they were scheduled, so the order never depends
/// on anything but the simulation itself.
struct EventQueue {
    /// One pending event.
    struct Entry {
        let time: SimulationTime
        let sequence: UInt64
        let event: ScheduledEvent

        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []

    /// How many events are queued (cancelled ones included until they are popped).
    var count: Int { heap.count }

    /// The earliest event, without removing it.
    var first: Entry? { heap.first }

    /// Adds an event.
    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event.
    mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
