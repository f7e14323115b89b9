import UWBCore

/// A radio application made of closures: for software above the emulator (a ranging engine, a
/// test's scripted exchange) that drives a device without the emulator depending on it.
public final class ClosureApplication: DeviceApplication {
    /// Called by ``start(on:)``.
    public var onStart: (DeviceRadio) -> Void
    /// Called by ``handle(_:fromChip:on:)``.
    public var onEvent: (TransceiverEvent, Int, DeviceRadio) -> Void

    /// An application with the given behaviour (doing nothing by default).
    public init(onStart: @escaping (DeviceRadio) -> Void = { _ in },
                onEvent: @escaping (TransceiverEvent, Int, DeviceRadio) -> Void = { _, _, _ in }) {
        self.onStart = onStart
        self.onEvent = onEvent
    }

    /// Runs `onStart`.
    public func start(on radio: DeviceRadio) {
        onStart(radio)
    }

    /// Runs `onEvent`.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        onEvent(event, chip, radio)
    }
}
