import UWBCore
import UWBEmulator

/// Passes an emulated device's radio events to a ``RadioEventHandler``.
final class HandlerApplication: DeviceApplication {
    private weak var handler: (any RadioEventHandler)?

    init(handler: any RadioEventHandler) {
        self.handler = handler
    }

    func start(on radio: DeviceRadio) {}

    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        handler?.radio(event, fromChip: chip)
    }

    func handle(_ error: TransceiverError, fromChip chip: Int, on radio: DeviceRadio) {
        handler?.radio(failed: error, onChip: chip)
    }
}
