import UWBCore

/// A discrete-event simulator: the radio loop of every in-process virtual device.
///
/// One queue ordered by virtual time, then by the event's owner (a device, or the world) and its
/// place among the owner's events (`EventKey`); running pops the earliest event, moves ``now`` to
/// its time and runs it. Nothing depends on threads or the wall clock, so a scenario and a seed
/// always give the same run. ``run(until:pacing:rate:)`` runs the same queue against the wall clock.
///
/// The simulator is single-threaded and not `Sendable`: create and run it on one thread.
public final class Simulator {
    /// The current virtual time.
    public var now: SimulationTime { state.pointee.now }

    /// Where other threads post work for this simulator's thread.
    public let inbox = LoopInbox()

    /// How many events have run.
    public var eventsRun: Int { state.pointee.eventsRun }

    /// The clock, the count and the queue, in memory the simulator allocates and owns. ``now``
    /// is read many times per event (every register access that needs the time) and the queue
    /// changes several times per received frame; through this `let` pointer none of those
    /// accesses needs the dynamic exclusivity check that a stored property of a class costs.
    /// Each access is one call of a `SimulationState` method that calls out to nothing (events
    /// run only after `popEvent` has returned), so accesses never overlap. The memory is whole cache
    /// lines of its own (``stateAlignment``): a split world's parts run their simulators on threads
    /// of their own, and two states sharing a line would pass it between the cores at every event.
    private let state: UnsafeMutablePointer<SimulationState>
    /// The alignment and the least size of the state's memory: two 64-byte cache lines, since some
    /// processors fetch lines in pairs.
    private static let stateAlignment = 128
    /// The owner of the events nobody's event schedules: a harness's, a test's, work posted from
    /// other threads.
    let world = EventOwner()
    /// Every owner the simulator made, kept alive for as long as events may refer to them.
    private var owners: [EventOwner] = []
    /// When the frames set up on this simulator's chips go on the air (``expectTransmission(at:)``), those
    /// still to come and perhaps a few past ones: how far a part of a world split into parts may run
    /// ahead of the others (``WorldPart``). Unordered and short: a chip sets up one frame at a time.
    private var transmissionsDue: [SimulationTime] = []

    /// An empty simulator at time zero.
    public init() {
        state = UnsafeMutableRawPointer.allocate(
            byteCount: (MemoryLayout<SimulationState>.size + Self.stateAlignment - 1) / Self.stateAlignment * Self.stateAlignment,
            alignment: Self.stateAlignment
        ).bindMemory(to: SimulationState.self, capacity: 1)
        state.initialize(to: SimulationState(world: world))
    }

    deinit {
        state.deinitialize(count: 1)
        UnsafeMutableRawPointer(state).deallocate()
    }

    /// Schedules `action` to run at `time` (or now, if `time` has passed).
    @discardableResult
    public func schedule(at time: SimulationTime, _ action: @escaping () -> Void) -> ScheduledEvent {
        schedule(ActionEvent(action: action), at: time)
    }

    /// Schedules `event` to run at `time` (or now, if `time` has passed), as the next event of the
    /// owner of the event running now (the world's between events).
    @discardableResult
    func schedule<Event: ScheduledEvent>(_ event: Event, at time: SimulationTime) -> Event {
        state.pointee.schedule(event, at: time, owner: state.pointee.currentOwner)
        return event
    }

    /// Schedules `event` to run at `time` (or now, if `time` has passed), as the next event of `owner`.
    @discardableResult
    func schedule<Event: ScheduledEvent>(_ event: Event, at time: SimulationTime, owner: EventOwner) -> Event {
        state.pointee.schedule(event, at: time, owner: owner)
        return event
    }

    /// Schedules `event`, an event of `owner`'s, in the place `key` gives it, if that place is still to
    /// come: later than now, or now and after the running event. An event whose place has passed is
    /// dropped.
    func schedule(_ event: ScheduledEvent, key: EventKey, owner: EventOwner) {
        guard state.pointee.isToCome(key) else { return }
        state.pointee.schedule(event, key: key, owner: owner)
    }

    /// Notes that a chip's frame goes on the air at `time`, unless it is cancelled first.
    func expectTransmission(at time: SimulationTime) {
        if transmissionsDue.count >= 16 {
            let now = self.now
            transmissionsDue.removeAll { $0 < now }
        }
        transmissionsDue.append(time)
    }

    /// The earliest time a frame noted with ``expectTransmission(at:)`` goes on the air at or after
    /// `time`; those before `time` are forgotten (the caller knows no event is due before it).
    func earliestTransmission(notBefore time: SimulationTime) -> SimulationTime? {
        transmissionsDue.removeAll { $0 < time }
        return transmissionsDue.min()
    }

    /// Runs every event due at or before `limit`, leaving ``now`` at the last one's time.
    func run(notAfter limit: SimulationTime) {
        while step(notAfter: limit) {}
    }

    /// A new owner for the events of device `name` (``EventOwner``), kept for the simulator's life.
    package func makeOwner(device name: String) -> EventOwner {
        let owner = EventOwner(device: name)
        owners.append(owner)
        return owner
    }

    /// Runs `body` with `owner` as the owner of what it schedules, then gives that role back to the
    /// owner before it: how a device is brought up and started at its own place in the order.
    func withOwner<Result, Failure: Error>(
        _ owner: EventOwner, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let previous = state.pointee.currentOwner
        state.pointee.setOwner(owner)
        defer { state.pointee.setOwner(previous) }
        return try body()
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
        state.pointee.nextEventTime()
    }

    /// The place in the order of the next event that will run, if any.
    var nextEventKey: EventKey? {
        state.pointee.nextEventKey()
    }

    /// Runs the next event if it is due at or before `limit`; returns whether one ran. The
    /// ``inbox``'s reactions (delegate callbacks) run first, each to its end, then the work waiting
    /// there, reactions' included, is scheduled at the current time: an app's reaction to an event
    /// happens at the event's instant, before the next event.
    @discardableResult
    public func step(notAfter limit: SimulationTime) -> Bool {
        if inbox.hasWork {
            drainInbox()
        }
        guard let event = state.pointee.popEvent(notAfter: limit) else { return false }
        event.run()
        state.pointee.setOwner(world)
        return true
    }

    /// Runs the inbox's reactions, then schedules the work waiting there at the current time,
    /// oldest first. Out of line, so that ``step(notAfter:)``, which runs for every event, stays
    /// small.
    @inline(never)
    private func drainInbox() {
        inbox.runReactions()
        schedulePostedWork()
    }

    /// Runs the inbox's reactions and schedules the work waiting there at the current time, if there is any:
    /// what ``step(notAfter:)`` does first, for a caller that asks for ``nextEventTime`` before stepping.
    func takePostedWork() {
        if inbox.hasWork {
            drainInbox()
        }
    }

    /// Runs the inbox's reactions, if any, and schedules what they posted at the current time;
    /// for a paced run, before the wall clock moves the time on.
    func settleReactions() {
        if inbox.runReactions() {
            schedulePostedWork()
        }
    }

    /// Schedules the work posted from other threads as the world's.
    private func schedulePostedWork() {
        for action in inbox.take() {
            schedule(ActionEvent(action: action), at: now, owner: world)
        }
    }

    /// Moves ``now`` forward to `time` without running anything; for a caller that knows no event
    /// is due before it.
    package func advanceClock(to time: SimulationTime) {
        state.pointee.advance(to: time)
    }

    /// Runs every event due at or before `end`, then sets ``now`` to `end`.
    public func run(until end: SimulationTime) {
        while step(notAfter: end) {}
        state.pointee.advance(to: end)
    }
}
