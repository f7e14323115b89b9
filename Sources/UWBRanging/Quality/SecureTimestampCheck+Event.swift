import UWBCore

extension SecureTimestampCheck {
    /// `event` as a round on a radio with an STS may use it: a received frame whose time of
    /// arrival passes ``trustedTime(of:preambleTime:)`` carries its secure timestamp as its time;
    /// one that fails becomes a failed reception (its first path could not be timed securely:
    /// ``ReceiveFailure/leadingEdgeDetectionFailed``), returned with the reason, so that no round
    /// uses its time. Other events pass unchanged. The state machines treat that failure as a
    /// lost frame.
    public static func screened(_ event: TransceiverEvent) -> (event: TransceiverEvent, rejection: SecureTimestampRejection?) {
        guard case .frameReceived(var received) = event else { return (event, nil) }
        do {
            received.timestamp = try trustedTime(of: received.diagnostics.secureTimestamp, preambleTime: received.timestamp)
            return (.frameReceived(received), nil)
        } catch {
            return (.receiveFailed(.leadingEdgeDetectionFailed), error)
        }
    }
}
