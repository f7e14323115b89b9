/// A handle on an event in the simulator's queue, used to cancel it.
///
/// Cancelling marks the event; the simulator drops it when it reaches the head of the queue.
/// Cancelling an event that already ran does nothing and keeps nothing.
public final class ScheduledEvent {
    /// What the event does.
    let action: () -> Void
    /// Whether the event was cancelled before it ran.
    var isCancelled = false

    init(action: @escaping () -> Void) {
        self.action = action
    }
}
