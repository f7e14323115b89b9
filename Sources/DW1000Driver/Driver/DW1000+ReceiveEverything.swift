import UWBCore

extension DW1000 {
    /// Listens for every frame on the channel, as a sniffer does: turns the hardware frame filter
    /// off if one is on (``filterFrames(_:)``), so frames of any type, PAN and address reach the
    /// host, and turns the receiver on with no frame-wait timeout.
    ///
    /// The chip stops listening after each good frame, and the driver resets its receiver after
    /// each failed reception (``handleInterrupt()``, UM §4.1.6), so call this again after every
    /// ``TransceiverEvent/frameReceived(_:)``, ``TransceiverEvent/receiveFailed(_:)`` or
    /// ``TransceiverEvent/receiveTimeout`` to keep listening.
    ///
    /// - Throws: ``TransceiverError/notConfigured`` before ``configure(_:)``, or
    ///   ``TransceiverError/bus(_:)``.
    public func receiveEverything() throws(TransceiverError) {
        if activeFrameFilter != nil {
            try filterFrames(nil)
        }
        try enableReceiver(.untilTurnedOff)
    }
}
