/// The end of the frame a chip's receiver is locked onto: one per reception, so it carries its
/// data itself rather than in a closure.
final class ReceptionEndEvent: ScheduledEvent {
    /// The receiving chip; weak, so that a chip that is gone misses its event.
    weak var chip: VirtualDW1000?
    /// The frame being received.
    let arrival: Arrival

    init(chip: VirtualDW1000, arrival: Arrival) {
        self.chip = chip
        self.arrival = arrival
    }

    override func run() {
        chip?.finishReception(arrival)
    }
}
