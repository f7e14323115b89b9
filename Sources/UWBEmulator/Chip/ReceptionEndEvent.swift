/// The end of the frame a chip's receiver is locked onto: when the frame ends, or, for a frame
/// its filter rejects, when the filter has read what it rejects it for (UM §5.2.2). One per
/// reception, so it carries its data itself rather than in a closure.
final class ReceptionEndEvent: ScheduledEvent {
    /// The receiving chip. `unowned` rather than weak: whoever owns the simulator owns its chips
    /// as long (the `Emulation` owns devices, chips, medium and simulator for the whole run; a
    /// test's bench owns its chips and simulator), so the event never runs after its chip is
    /// gone, and without weak references the chip needs no side table for its reference counts.
    unowned let chip: VirtualDW1000
    /// The frame being received.
    let arrival: Arrival
    /// Whether the frame filter rejects the frame (else it is received to its end).
    let rejected: Bool

    init(chip: VirtualDW1000, arrival: Arrival, rejected: Bool) {
        self.chip = chip
        self.arrival = arrival
        self.rejected = rejected
    }

    override func run() {
        if rejected {
            chip.rejectFrame(arrival)
        } else {
            chip.finishReception(arrival)
        }
    }
}
