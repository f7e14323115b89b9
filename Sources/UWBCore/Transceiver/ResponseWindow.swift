/// A receive window that the radio opens by itself after a transmission ends, so that a quick
/// reply is not missed while the host is still busy (the DW1000's WAIT4RESP).
public struct ResponseWindow: Hashable, Sendable {
    /// How long after the end of the transmitted frame the receiver turns on.
    public var delay: DeviceDuration

    /// How long the receiver then waits for a frame; `nil` waits until turned off.
    public var timeout: DeviceDuration?

    /// A window that opens `delay` after the frame is sent and lasts `timeout`.
    public init(delay: DeviceDuration = .zero, timeout: DeviceDuration? = nil) {
        self.delay = delay
        self.timeout = timeout
    }
}
