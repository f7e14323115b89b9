/// The end of the frame a chip's receiver is locked onto: one per reception, so it carries its
/// data itself rather than in a closure.
final class ReceptionEndEvent: ScheduledEvent {
    /// The receiving chip. `unowned` rather than weak: whoever owns the simulator owns its chips
    /// as long (the `Emulation` owns devices, chips, medium and simulator for the whole run; a
    /// test's bench owns its chips and simulator), so the event never runs after its chip is
    /// gone, and without weak references the chip needs no side table for its reference counts.
    unowned let chip: VirtualDW1000
    /// The frame being received.
    let arrival: Arrival

    init(chip: VirtualDW1000, arrival: Arrival) {
        self.chip = chip
        self.arrival = arrival
    }

    override func run() {
        chip.finishReception(arrival)
    }
}
