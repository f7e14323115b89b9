import UWBCore
@testable import UWBEmulator

/// A radio application made of closures, so that a test can script an exchange in place.
final class ClosureApplication: RadioApplication {
    var onStart: (DeviceRadio) -> Void
    var onEvent: (TransceiverEvent, Int, DeviceRadio) -> Void

    init(onStart: @escaping (DeviceRadio) -> Void = { _ in },
         onEvent: @escaping (TransceiverEvent, Int, DeviceRadio) -> Void = { _, _, _ in }) {
        self.onStart = onStart
        self.onEvent = onEvent
    }

    func start(on radio: DeviceRadio) {
        onStart(radio)
    }

    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        onEvent(event, chip, radio)
    }
}

/// Runs a transceiver call in a test, recording a failure instead of throwing out of a closure.
func attempt(_ radio: DeviceRadio, _ body: () throws(TransceiverError) -> Void) {
    do {
        try body()
    } catch {
        radio.record(error)
    }
}
