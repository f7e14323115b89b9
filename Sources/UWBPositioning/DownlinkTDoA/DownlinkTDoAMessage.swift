import UWBCore

/// One frame of a DL-TDoA round (a DL-TDoA message, DTM, in FiRa's terms): what an anchor tells
/// every listening tag. Each carries the anchor's surveyed position and the time it left the
/// anchor, by the anchor's clock; a Response also carries its reply time, the initiator's clock
/// offset the responder measured on the Poll and the time of flight it measured to the initiator;
/// a Final carries when the initiator received each Response.
///
/// On the air it is an IEEE 802.15.4 data frame in the network's PAN from the anchor's short
/// address (to the initiator for a Response, broadcast otherwise) whose payload `Docs/positioning.md`
/// tabulates: type, round number, TX timestamp, position, in a Response reply time, clock offset and
/// time of flight, in a Final the Responses' RX timestamps, and the anchor's floor where the site
/// gives it.
public struct DownlinkTDoAMessage: Hashable, Sendable {
    /// What the frame does in the round.
    public enum Kind: Hashable, Sendable {
        /// The initiator anchor opens the round.
        case poll
        /// A responder anchor answers the Poll, `replyTime` after it received it by its own clock,
        /// having measured the initiator's clock as `initiatorClockOffset` from its own (positive
        /// when the initiator's runs fast) and, from the earlier rounds' Polls, Responses and
        /// Finals (double-sided two-way ranging), the time of flight between them as
        /// `timeOfFlight`, once it has one.
        case response(replyTime: DeviceDuration, initiatorClockOffset: ClockOffset, timeOfFlight: DeviceDuration?)
        /// The initiator anchor closes the round, telling when it received each Response
        /// (`responses`), which completes every responder's two-way ranging with it.
        case final(responses: [DownlinkTDoAResponseReception])
    }

    /// The message's part in the round.
    public let kind: Kind
    /// The round's number, the same in every frame of the round; it counts up and wraps.
    public let round: UInt16
    /// When the frame's RMARKER left the anchor's antenna, by the anchor's clock.
    public let transmitted: DeviceTime
    /// The anchor's surveyed position, to the millimetre.
    public let anchorPosition: Position
    /// The anchor's floor and height above it, to the millimetre, where the site gives them.
    public let anchorFloor: FloorElevation?

    /// A message.
    public init(kind: Kind, round: UInt16, transmitted: DeviceTime, anchorPosition: Position, anchorFloor: FloorElevation? = nil) {
        self.kind = kind
        self.round = round
        self.transmitted = transmitted
        self.anchorPosition = anchorPosition
        self.anchorFloor = anchorFloor
    }
}
