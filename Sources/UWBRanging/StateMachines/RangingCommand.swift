import UWBCore

/// What a ranging state machine asks its radio loop to do, in order.
public enum RangingCommand: Hashable, Sendable {
    /// Schedule `frame` (without FCS) with ``Transceiver/transmit(_:at:awaiting:)`` at `at` and
    /// answer with ``RangingInput/transmitScheduled(_:)`` or ``RangingInput/transmitFailed(_:)``.
    /// `at` is already on the radio's delayed-TX grid.
    case transmit(frame: [UInt8], at: DeviceTime, awaiting: ResponseWindow?)
    /// Turn the receiver on with ``Transceiver/enableReceiver(_:)``.
    case listen(ReceiveWindow)
    /// Load the STS of the session's frame number `frame` on every chip for the next frame sent
    /// or listened for, with ``Transceiver/loadSecureTimestampSequence(frame:)``
    /// (``SecureTimestampRound``); only secured links ask for it, and a radio without an STS
    /// ignores it.
    case loadSecureTimestampSequence(frame: UInt32)
    /// Abort any transmission or reception with ``Transceiver/turnOff()``.
    case turnOff
    /// Answer with ``RangingInput/timerFired(now:)`` after this long (replacing any running timer).
    case startTimer(Duration)
    /// A round completed on this side.
    case completed(CompletedRound)
    /// A round failed on this side (for the initiator: after its retries).
    case failed(RangingFailure)
}
