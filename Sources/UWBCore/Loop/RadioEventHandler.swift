/// The software on a ``RadioHost``'s loop: what the loop reports to whatever drives the radio
/// (the ranging engine of a device service, a capture, an emulated scenario's sender or attacker).
public protocol RadioEventHandler: AnyObject {
    /// The loop starts running: called once, on the loop, for a handler the host was given before
    /// its loop first ran (an in-process emulation's handlers, given when their devices are added,
    /// hear it when the emulation first runs). A handler attached to a running loop does not hear
    /// it. The default does nothing.
    func radioStarted()
    /// Chip `chip` reported `event`.
    func radio(_ event: TransceiverEvent, fromChip chip: Int)
    /// The loop could not read chip `chip`'s events: the board may be gone. The default does
    /// nothing.
    func radio(failed error: TransceiverError, onChip chip: Int)
}

extension RadioEventHandler {
    /// Does nothing.
    public func radioStarted() {}

    /// Does nothing: a host that keeps a record of driver errors (the emulator's) has it already.
    public func radio(failed error: TransceiverError, onChip chip: Int) {}
}
