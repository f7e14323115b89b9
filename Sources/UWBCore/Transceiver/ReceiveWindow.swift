/// When the receiver turns on and how long it waits for a frame.
public struct ReceiveWindow: Hashable, Sendable {
    /// When the receiver turns on: now (`nil`) or at a device time.
    public var start: DeviceTime?

    /// How long the receiver waits for a frame after it turns on before it reports
    /// ``TransceiverEvent/receiveTimeout``; `nil` waits until ``Transceiver/turnOff()``.
    public var timeout: DeviceDuration?

    /// A window that opens at `start` (or now) and lasts `timeout` (or until turned off).
    public init(start: DeviceTime? = nil, timeout: DeviceDuration? = nil) {
        self.start = start
        self.timeout = timeout
    }

    /// Listen now, until turned off.
    public static let untilTurnedOff = ReceiveWindow()
}
