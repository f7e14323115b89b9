/// One link of a ``RangingScheduler``: its identity, role and, for a responder, the radio loop of
/// its state machine; for an initiator, its interval and when its next round is due (the
/// scheduler's group initiator serves it).
final class ScheduledLink {
    let id: RangingScheduler.LinkID
    let link: RangingLink
    let role: RangingRole
    let handlers: RangingScheduler.Handlers
    /// The time between an initiator link's rounds; `nil` for a responder.
    let interval: Duration?
    /// When an initiator link's next round is due, on the scheduler's clock.
    var next: Duration = .zero
    /// The loop running a responder link's state machine; set right after the link is made.
    var loop: StateMachineRunner?
    /// Whether a responder's machine has been started (it listens from then on).
    var started = false

    init(id: RangingScheduler.LinkID, link: RangingLink, role: RangingRole, handlers: RangingScheduler.Handlers,
         interval: Duration?) {
        self.id = id
        self.link = link
        self.role = role
        self.handlers = handlers
        self.interval = interval
    }
}
