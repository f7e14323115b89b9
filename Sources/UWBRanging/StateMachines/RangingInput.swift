import UWBCore

/// What the radio loop tells a ranging state machine.
public enum RangingInput: Hashable, Sendable {
    /// Begin: the initiator starts a round, the responder starts listening. `now` is the device
    /// clock the loop read just before (``Transceiver/systemTime()``).
    case start(now: DeviceTime)
    /// The loop executed the last ``RangingCommand/transmit(frame:at:awaiting:)`` and the radio
    /// returned this TX timestamp.
    case transmitScheduled(DeviceTime)
    /// The loop could not execute the last ``RangingCommand/transmit(frame:at:awaiting:)``.
    case transmitFailed(TransceiverError)
    /// The radio reported an event on chip `chip` (0 sends and receives; on multi-chip boards the
    /// others receive the same frames).
    case event(TransceiverEvent, chip: Int)
    /// The timer of the last ``RangingCommand/startTimer(_:)`` expired; `now` is the device clock
    /// the loop read then (a retry needs it to schedule its POLL).
    case timerFired(now: DeviceTime)
}
