/// A discrete-event simulator: the radio loop of every in-process virtual device.
///
/// One queue ordered by (virtual time, sequence number); running pops the earliest event, moves
/// ``now`` to its time and runs it. Nothing depends on threads or the wall clock, so a scenario
/// and a seed always give the same run. ``run(until:pacing:rate:)`` runs the same queue against the wall clock.
///
/// The simulator is single-threaded and not `Sendable`: create and run it on one thread.
public final class Simulator {
    /// The current virtual time.
    public var now: SimulationTime { clock.pointee }

    /// How many events have run.
    public var eventsRun: Int { state.eventsRun }

    private var state = SimulationState()

    /// A copy of `state.now`, updated whenever the state's clock moves. ``now`` is read many
    /// times per event (every register access that needs the time); read through this `let`
    /// pointer it needs none of the dynamic exclusivity checks that reading `state`, a stored
    /// property of a class, costs. The simulator owns the allocation.
    private let clock: UnsafeMutablePointer<SimulationTime>

    /// An empty simulator at time zero.
    public init() {
        clock = .allocate(capacity: 1)
        clock.initialize(to: .zero)
    }

    deinit {
        clock.deinitialize(count: 1)
        clock.deallocate()
    }

    /// Schedules `action` to run at `time` (or now, if `time` has passed).
    @discardableResult
    public func schedule(at time: SimulationTime, _ action: @escaping () -> Void) -> ScheduledEvent {
        schedule(ActionEvent(action: action), at: time)
    }

    /// Schedules `event` to run at `time` (or now, if `time` has passed).
    @discardableResult
    func schedule<Event: ScheduledEvent>(_ event: Event, at time: SimulationTime) -> Event {
        state.schedule(event, at: time)
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
        state.nextEventTime()
    }

    /// Runs the next event if it is due at or before `limit`; returns whether one ran.
    @discardableResult
    public func step(notAfter limit: SimulationTime) -> Bool {
        guard let event = state.popEvent(notAfter: limit) else { return false }
        clock.pointee = state.now
        event.run()
        return true
    }

    /// Runs every event due at or before `end`, then sets ``now`` to `end`.
    public func run(until end: SimulationTime) {
        while step(notAfter: end) {}
        state.advance(to: end)
        clock.pointee = state.now
    }
}
