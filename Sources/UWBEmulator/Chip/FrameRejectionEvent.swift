/// The moment a chip's frame filter rejects the frame its receiver is locked onto (UM §5.2.2):
/// one per rejected reception, carrying its data itself like ``ReceptionEndEvent``.
final class FrameRejectionEvent: ScheduledEvent {
    /// The receiving chip, `unowned` for the reason ``ReceptionEndEvent/chip`` gives.
    unowned let chip: VirtualDW1000
    /// The frame being rejected.
    let arrival: Arrival

    init(chip: VirtualDW1000, arrival: Arrival) {
        self.chip = chip
        self.arrival = arrival
    }

    override func run() {
        chip.rejectFrame(arrival)
    }
}
