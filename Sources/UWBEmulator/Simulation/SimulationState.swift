/// Everything in a ``Simulator`` that changes as it runs: the clock, the count of events run and
/// the queue with its sequence numbers.
///
/// The simulator keeps it in one stored property, so that scheduling or popping an event is one
/// dynamically checked access to the simulator instead of one per property; at several events
/// per received frame, those checks were a noticeable part of a run.
struct SimulationState {
    /// The current virtual time.
    private(set) var now: SimulationTime = .zero
    /// How many events have run.
    private(set) var eventsRun = 0

    /// The sequence number of the event running now, or of the last one that ran at this
    /// instant; nil if none has run at this instant.
    private(set) var currentSequence: UInt64?

    private var queue = EventQueue()
    private var nextSequence: UInt64 = 0

    /// Queues `event` at `time`, or now if `time` has passed.
    mutating func schedule(_ event: ScheduledEvent, at time: SimulationTime) {
        queue.insert(EventQueue.Entry(time: max(time, now), sequence: nextSequence, event: event))
        nextSequence += 1
    }

    /// Takes the next sequence number for an event that may be queued later, with
    /// ``schedule(_:at:sequence:)``: queued then, it runs exactly where it would have run had it
    /// been queued now.
    mutating func reserveSequence() -> UInt64 {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Queues `event` at `time` with a sequence number taken earlier by ``reserveSequence()``.
    /// `time` must not have passed, nor, at the current instant, the reservation's place.
    mutating func schedule(_ event: ScheduledEvent, at time: SimulationTime, sequence: UInt64) {
        queue.insert(EventQueue.Entry(time: time, sequence: sequence, event: event))
    }

    /// The time of the next event that will run, if any, after dropping cancelled ones.
    mutating func nextEventTime() -> SimulationTime? {
        discardCancelledHead()
        return queue.first?.time
    }

    /// Removes the next event if it is due at or before `limit`, moves the clock to its time and
    /// counts it; the caller runs it.
    mutating func popEvent(notAfter limit: SimulationTime) -> ScheduledEvent? {
        discardCancelledHead()
        guard let head = queue.first, head.time <= limit, let entry = queue.popFirst() else { return nil }
        now = entry.time
        currentSequence = entry.sequence
        eventsRun += 1
        return entry.event
    }

    /// Moves the clock forward to `time` if it is behind it.
    mutating func advance(to time: SimulationTime) {
        guard time > now else { return }
        now = time
        currentSequence = nil
    }

    private mutating func discardCancelledHead() {
        while let head = queue.first, head.event.isCancelled {
            _ = queue.popFirst()
        }
    }
}
