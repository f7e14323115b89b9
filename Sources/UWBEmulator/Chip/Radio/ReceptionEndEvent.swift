/// The end of the frame a chip's receiver is locked onto: when the frame ends, or earlier when
/// the chip gives it up (``ReceptionEnding``). One per reception, so it carries its data itself
/// rather than in a closure.
final class ReceptionEndEvent: ScheduledEvent {
    /// The receiving chip. `unowned(unsafe)`: whoever owns the simulator owns its chips as long
    /// (the `Emulation` owns devices, chips, medium and simulator for the whole run; a test's bench
    /// owns its chips and simulator), so the event never runs after its chip is gone (decision
    /// 0020). Neither weak (the chip would need a side table for its reference counts) nor checked
    /// `unowned`, which retains the chip at every read: one write to its cold reference count per
    /// reception, and a strong retain when the event is made.
    unowned(unsafe) let chip: any VirtualChip
    /// The frame being received.
    let arrival: Arrival
    /// How the reception ends.
    let ending: ReceptionEnding

    init(chip: any VirtualChip, arrival: Arrival, ending: ReceptionEnding) {
        self.chip = chip
        self.arrival = arrival
        self.ending = ending
    }

    override func run() {
        chip.endReception(arrival, ending)
    }
}
