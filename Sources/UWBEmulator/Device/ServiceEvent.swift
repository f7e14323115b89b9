/// The radio loop of an emulated device coming round to service its chips' interrupts: one per
/// interrupt, so it carries its device itself rather than in a closure.
final class ServiceEvent: ScheduledEvent {
    /// The device to service. `unowned(unsafe)` rather than weak: the `Emulation` owns its devices
    /// and the simulator for the whole run, so the event never runs after its device is gone
    /// (decision 0020); without weak references the device needs no side table for its reference
    /// counts, and unchecked, reading it writes no count on the cold device (a checked `unowned`
    /// reference retains it strongly at each read).
    unowned(unsafe) let device: EmulatedDevice

    init(device: EmulatedDevice) {
        self.device = device
    }

    override func run() {
        device.service()
    }
}
