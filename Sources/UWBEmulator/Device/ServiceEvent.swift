/// The radio loop of an emulated device coming round to service its chips' interrupts: one per
/// interrupt, so it carries its device itself rather than in a closure.
final class ServiceEvent: ScheduledEvent {
    /// The device to service. `unowned` rather than weak: the `Emulation` owns its devices and
    /// the simulator for the whole run, so the event never runs after its device is gone, and
    /// without weak references the device needs no side table for its reference counts.
    unowned let device: EmulatedDevice

    init(device: EmulatedDevice) {
        self.device = device
    }

    override func run() {
        device.service()
    }
}
