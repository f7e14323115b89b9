/// One link of a ``RangingScheduler``: its identity, role, radio loop and, for an initiator, when
/// its rounds are due.
final class ScheduledLink {
    let id: RangingScheduler.LinkID
    let link: RangingLink
    let role: RangingRole
    let handlers: RangingScheduler.Handlers
    /// When rounds start; `nil` for a responder.
    var rounds: RoundPlan?
    /// The loop running the link's state machine; set right after the link is made.
    var loop: RadioLoop?
    /// Whether a responder's machine has been started (it listens from then on).
    var started = false

    init(id: RangingScheduler.LinkID, link: RangingLink, role: RangingRole, handlers: RangingScheduler.Handlers,
         rounds: RoundPlan?) {
        self.id = id
        self.link = link
        self.role = role
        self.handlers = handlers
        self.rounds = rounds
    }
}
