import UWBCore

/// Software on an emulated radio made of closures: for software above the emulator (a ranging
/// engine, a test's scripted exchange) that drives a device without the emulator depending on it.
public final class ClosureApplication: RadioEventHandler {
    /// The radio it drives. `unowned`: the radio keeps its adopted handler, not the other way.
    public unowned let radio: EmulatedRadio
    /// Called by ``radioStarted()``.
    public var onStart: (EmulatedRadio) -> Void
    /// Called by ``radio(_:fromChip:)``.
    public var onEvent: (TransceiverEvent, Int, EmulatedRadio) -> Void

    /// Software on `radio` with the given behaviour (doing nothing by default).
    public init(on radio: EmulatedRadio, onStart: @escaping (EmulatedRadio) -> Void = { _ in },
                onEvent: @escaping (TransceiverEvent, Int, EmulatedRadio) -> Void = { _, _, _ in }) {
        self.radio = radio
        self.onStart = onStart
        self.onEvent = onEvent
    }

    /// Runs `onStart`.
    public func radioStarted() {
        onStart(radio)
    }

    /// Runs `onEvent`.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        onEvent(event, chip, radio)
    }
}
