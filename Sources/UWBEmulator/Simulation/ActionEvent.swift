/// An event that runs a closure: what ``Simulator/schedule(at:_:)`` queues.
final class ActionEvent: ScheduledEvent {
    /// What the event does.
    let action: () -> Void

    init(action: @escaping () -> Void) {
        self.action = action
    }

    override func run() {
        action()
    }
}
