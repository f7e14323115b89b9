/// Everything in a ``Simulator`` that changes as it runs: the clock, the count of events run, the
/// queue, and whose event runs now.
///
/// The simulator keeps it in one stored property, so that scheduling or popping an event is one
/// dynamically checked access to the simulator instead of one per property; at several events
/// per received frame, those checks were a noticeable part of a run.
struct SimulationState {
    /// The current virtual time.
    private(set) var now: SimulationTime = .zero
    /// How many events have run.
    private(set) var eventsRun = 0

    /// The key of the event running now, or of the last one that ran at this instant; nil if none
    /// has run at this instant.
    private(set) var currentKey: EventKey?

    /// The owner of the event running now, whose events the events it schedules are; the world's
    /// between events. The simulator keeps every owner alive.
    unowned(unsafe) private(set) var currentOwner: EventOwner

    private var queue = EventQueue()

    /// A state at time zero whose events between events are `world`'s.
    init(world: EventOwner) {
        currentOwner = world
    }

    /// Queues `event` at `time`, or now if `time` has passed, as the next event of `owner`.
    mutating func schedule(_ event: ScheduledEvent, at time: SimulationTime, owner: EventOwner) {
        event.owner = owner
        queue.insert(EventQueue.Entry(key: owner.nextKey(at: max(time, now)), event: event))
    }

    /// Queues `event` at `key`, an event of `owner`'s whose place the caller worked out
    /// (``EventKey/arrival(at:receiver:transmission:chip:)``). It must not have passed: ``isToCome(_:)``.
    mutating func schedule(_ event: ScheduledEvent, key: EventKey, owner: EventOwner) {
        event.owner = owner
        queue.insert(EventQueue.Entry(key: key, event: event))
    }

    /// Whether an event at `key` would still run: it is later than now, or now and after the event
    /// running now.
    func isToCome(_ key: EventKey) -> Bool {
        key.time > now || (key.time == now && currentKey.map { $0.precedes(key) } ?? true)
    }

    /// The time of the next event that will run, if any, after dropping cancelled ones.
    mutating func nextEventTime() -> SimulationTime? {
        discardCancelledHead()
        return queue.first?.time
    }

    /// The place in the order of the next event that will run, if any, after dropping cancelled ones.
    mutating func nextEventKey() -> EventKey? {
        discardCancelledHead()
        return queue.first?.key
    }

    /// Removes the next event if it is due at or before `limit`, moves the clock to its time, makes
    /// its owner the current one and counts it; the caller runs it.
    mutating func popEvent(notAfter limit: SimulationTime) -> ScheduledEvent? {
        discardCancelledHead()
        guard let head = queue.first, head.time <= limit, let entry = queue.popFirst() else { return nil }
        now = entry.time
        currentKey = entry.key
        eventsRun += 1
        if let owner = entry.event.owner {
            currentOwner = owner
        }
        return entry.event
    }

    /// Makes `owner` the current owner: the owner of what is scheduled until the next event runs
    /// or the owner is changed again.
    mutating func setOwner(_ owner: EventOwner) {
        currentOwner = owner
    }

    /// Moves the clock forward to `time` if it is behind it.
    mutating func advance(to time: SimulationTime) {
        guard time > now else { return }
        now = time
        currentKey = nil
    }

    private mutating func discardCancelledHead() {
        while let head = queue.first, head.event.isCancelled {
            _ = queue.popFirst()
        }
    }
}
