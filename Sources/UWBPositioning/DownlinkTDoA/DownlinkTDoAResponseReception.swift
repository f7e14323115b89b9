import UWBCore

/// When a DL-TDoA initiator received one responder's Response, by its own clock: what its Final
/// tells the responder, so that the Poll, the Response and the Final make a double-sided two-way
/// ranging between the two anchors (FiRa's DL-TDoA responder time of flight, `DL_TDOA_RESPONDER_TOF`).
public struct DownlinkTDoAResponseReception: Hashable, Sendable {
    /// The responder's short address.
    public let responder: UInt16
    /// The Response's RX timestamp, by the initiator's clock, its range bias taken off.
    public let received: DeviceTime

    /// The reception of `responder`'s Response at `received`.
    public init(responder: UInt16, received: DeviceTime) {
        self.responder = responder
        self.received = received
    }
}
