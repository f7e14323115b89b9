import UWBCore

/// The six timestamps of one double-sided two-way ranging round (POLL, RESPONSE, FINAL).
///
/// The initiator's clock stamps ``pollTransmitted``, ``responseReceived`` and ``finalTransmitted``;
/// the responder's clock stamps ``pollReceived``, ``responseTransmitted`` and ``finalReceived``.
/// Readings of different clocks are never subtracted from one another.
public struct RoundTimestamps: Hashable, Sendable {
    /// When the initiator sent POLL (initiator's clock).
    public var pollTransmitted: DeviceTime
    /// When the responder received POLL (responder's clock).
    public var pollReceived: DeviceTime
    /// When the responder sent RESPONSE (responder's clock).
    public var responseTransmitted: DeviceTime
    /// When the initiator received RESPONSE (initiator's clock).
    public var responseReceived: DeviceTime
    /// When the initiator sent FINAL (initiator's clock).
    public var finalTransmitted: DeviceTime
    /// When the responder received FINAL (responder's clock).
    public var finalReceived: DeviceTime

    /// A round with the given timestamps.
    public init(
        pollTransmitted: DeviceTime, pollReceived: DeviceTime, responseTransmitted: DeviceTime,
        responseReceived: DeviceTime, finalTransmitted: DeviceTime, finalReceived: DeviceTime
    ) {
        self.pollTransmitted = pollTransmitted
        self.pollReceived = pollReceived
        self.responseTransmitted = responseTransmitted
        self.responseReceived = responseReceived
        self.finalTransmitted = finalTransmitted
        self.finalReceived = finalReceived
    }
}
