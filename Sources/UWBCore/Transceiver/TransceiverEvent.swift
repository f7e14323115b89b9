/// Something a radio reports through its interrupt.
public enum TransceiverEvent: Hashable, Sendable {
    /// A frame arrived intact.
    case frameReceived(ReceivedFrame)
    /// A frame left the antenna with this TX timestamp.
    case transmitted(at: DeviceTime)
    /// The receive window closed without a frame.
    case receiveTimeout
    /// A reception started but failed.
    case receiveFailed(ReceiveFailure)
}
