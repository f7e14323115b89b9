/// The radio loop of an emulated device coming round to service its chips' interrupts: one per
/// interrupt, so it carries its device itself rather than in a closure.
final class ServiceEvent: ScheduledEvent {
    /// The device to service; weak, so that a device that is gone misses its event.
    weak var device: EmulatedDevice?

    init(device: EmulatedDevice) {
        self.device = device
    }

    override func run() {
        device?.service()
    }
}
