/// A handle on an event in the simulator's queue, used to cancel it.
///
/// Cancelling marks the event; the simulator drops it when it reaches the head of the queue.
/// Cancelling an event that already ran does nothing and keeps nothing.
///
/// Events scheduled with a closure are ``ActionEvent``s. The emulator's most frequent events
/// (a frame reaching an antenna, the end of a reception, the radio loop's service) are
/// subclasses that carry their data themselves: one allocation per event instead of two (the
/// event and the closure's context), which matters at hundreds of thousands of events per
/// simulated second.
public class ScheduledEvent {
    /// Whether the event was cancelled before it ran.
    var isCancelled = false
    /// Whose event it is, set when it is queued: what the events it schedules belong to. The
    /// simulator keeps every owner alive, so the event need not.
    unowned(unsafe) var owner: EventOwner?

    init() {}

    /// Carries out the event; every kind of event overrides it.
    func run() {
        preconditionFailure("\(type(of: self)) does not override ScheduledEvent.run()")
    }
}
