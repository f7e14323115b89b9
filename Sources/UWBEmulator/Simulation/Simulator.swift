/// A discrete-event simulator: the radio loop of every in-process virtual device.
///
/// One queue ordered by (virtual time, sequence number); running pops the earliest event, moves
/// ``now`` to its time and runs it. Nothing depends on threads or the wall clock, so a scenario
/// and a seed always give the same run. ``run(until:pacing:rate:)`` runs the same queue against the wall clock.
///
/// The simulator is single-threaded and not `Sendable`: create and run it on one thread.
public final class Simulator {
    /// The current virtual time.
    public private(set) var now: SimulationTime = .zero

    /// How many events have run.
    public private(set) var eventsRun: Int = 0

    private var queue = EventQueue()
    private var nextSequence: UInt64 = 0

    /// An empty simulator at time zero.
    public init() {}

    /// Schedules `action` to run at `time` (or now, if `time` has passed).
    @discardableResult
    public func schedule(at time: SimulationTime, _ action: @escaping () -> Void) -> ScheduledEvent {
        schedule(ActionEvent(action: action), at: time)
    }

    /// Schedules `event` to run at `time` (or now, if `time` has passed).
    @discardableResult
    func schedule<Event: ScheduledEvent>(_ event: Event, at time: SimulationTime) -> Event {
        queue.insert(EventQueue.Entry(time: max(time, now), sequence: nextSequence, event: event))
        nextSequence += 1
        return event
    }

    /// Schedules `action` to run `delay` from now.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledEvent {
        schedule(at: now + delay, action)
    }

    /// Cancels a scheduled event; cancelling one that already ran does nothing.
    public func cancel(_ event: ScheduledEvent) {
        event.isCancelled = true
    }

    /// The time of the next event that will run, if any.
    public var nextEventTime: SimulationTime? {
        discardCancelledHead()
        return queue.first?.time
    }

    /// Runs the next event if it is due at or before `limit`; returns whether one ran.
    @discardableResult
    public func step(notAfter limit: SimulationTime) -> Bool {
        discardCancelledHead()
        guard let head = queue.first, head.time <= limit, let entry = queue.popFirst() else { return false }
        now = entry.time
        eventsRun += 1
        entry.event.run()
        return true
    }

    /// Runs every event due at or before `end`, then sets ``now`` to `end`.
    public func run(until end: SimulationTime) {
        while step(notAfter: end) {}
        now = max(now, end)
    }

    private func discardCancelledHead() {
        while let head = queue.first, head.event.isCancelled {
            _ = queue.popFirst()
        }
    }
}
