import UWBCore

/// Software that drives an emulated device's radio from its radio loop: ranging state machines,
/// or a scripted sender. It sees the device only through ``DeviceRadio``: a ``Transceiver`` per
/// chip and timers, never the global clock.
public protocol DeviceApplication: AnyObject {
    /// Called once when the run starts, after the radio is configured.
    func start(on radio: DeviceRadio)

    /// Called for each event a chip's interrupt reports, in order.
    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio)

    /// Called when the radio loop could not read chip `chip`'s events (the driver's error is also
    /// recorded in ``DeviceRadio/errors``). The default does nothing more.
    func handle(_ error: TransceiverError, fromChip chip: Int, on radio: DeviceRadio)
}

extension DeviceApplication {
    /// Does nothing: the error is already in ``DeviceRadio/errors``.
    public func handle(_ error: TransceiverError, fromChip chip: Int, on radio: DeviceRadio) {}
}
