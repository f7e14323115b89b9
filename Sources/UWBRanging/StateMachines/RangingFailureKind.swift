import UWBCore

/// Why a ranging round failed.
public enum RangingFailureKind: Hashable, Sendable, CustomStringConvertible {
    /// The awaited message did not arrive before its window closed.
    case timeout(awaiting: RangingMessageType)
    /// A reception failed (CRC, PHY header, SFD, …) while the message was awaited.
    case frameError(ReceiveFailure, awaiting: RangingMessageType)
    /// A group round's FINAL came without this responder's RESPONSE: the initiator did not receive it.
    case responseNotReceived
    /// The radio refused a reply because its time had already passed.
    case lateTransmission(RangingMessageType)
    /// The peer sent another message of this round than the one awaited.
    case unexpectedMessage(RangingMessageType, awaiting: RangingMessageType)
    /// The radio's TX timestamp differs from the one the ``TransmitClock`` predicted.
    case transmitTimeMismatch(predicted: DeviceTime, actual: DeviceTime)
    /// The radio failed otherwise.
    case transceiver(TransceiverError)
    /// A frame could not be encoded.
    case encoding(RangingFrameError)
    /// A new start (or a new POLL, for the responder) interrupted the round.
    case abandoned

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .timeout(let message):
            "no \(message) arrived in time: the peer is out of range, not running, or its reply delay differs from ours"
        case .frameError(let failure, let message):
            "the reception of \(message) failed (\(failure)): interference or a weak link"
        case .responseNotReceived:
            "the initiator's GROUP FINAL says our RESPONSE did not reach it: interference or a weak link"
        case .lateTransmission(let message):
            "\(message) was scheduled too late for the radio: increase the reply or start delay (RangingTiming.usb(for:) for USB radios)"
        case .unexpectedMessage(let received, let awaited):
            "the peer sent \(received) while \(awaited) was awaited: the two sides disagree on the round"
        case .transmitTimeMismatch(let predicted, let actual):
            "the radio stamped a frame \(actual) instead of the predicted \(predicted): the TransmitClock's antenna delay or grid disagrees with the radio's calibration"
        case .transceiver(let error):
            "radio failure: \(error)"
        case .encoding(let error):
            "a ranging frame could not be encoded: \(error)"
        case .abandoned:
            "the round was abandoned for a new one"
        }
    }

    /// Whether a new attempt may succeed (a radio error or a calibration mismatch will not).
    var isRetryable: Bool {
        switch self {
        case .timeout, .frameError, .responseNotReceived, .lateTransmission, .unexpectedMessage: true
        case .transmitTimeMismatch, .transceiver, .encoding, .abandoned: false
        }
    }
}
