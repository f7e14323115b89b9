/// A handle on an event in the simulator's queue, used to cancel it.
public struct ScheduledEvent: Hashable, Sendable {
    /// The event's position in the order of scheduling.
    let sequence: UInt64
}
