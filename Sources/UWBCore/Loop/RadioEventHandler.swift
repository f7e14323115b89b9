/// What a ``RadioHost``'s loop reports to the software driving the radio.
public protocol RadioEventHandler: AnyObject {
    /// Chip `chip` reported `event`.
    func radio(_ event: TransceiverEvent, fromChip chip: Int)
    /// The loop could not read chip `chip`'s events: the board may be gone.
    func radio(failed error: TransceiverError, onChip chip: Int)
}
