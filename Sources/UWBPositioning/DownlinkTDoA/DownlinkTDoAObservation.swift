import UWBCore

/// One DL-TDoA round as a listening tag heard it: the anchors and the positions their frames
/// carried, and the round's timestamps with each responder's clock rate, ready for
/// ``DownlinkTDoARound/pseudoranges(for:clock:timestampDeviation:)``.
public struct DownlinkTDoAObservation: Hashable, Sendable {
    /// The network (PAN) of the round.
    public let network: PANIdentifier
    /// The round's number.
    public let roundNumber: UInt16
    /// The initiator's short address: its Poll's and Final's source, the Responses' destination.
    public let initiator: UInt16
    /// The anchors heard, initiator first where the tag heard its Poll, named by their short
    /// address (``UWBCore/MACAddress/description``).
    public let anchors: [Anchor]
    /// The round's timestamps, anchors named as in ``anchors``.
    public let round: DownlinkTDoARound
    /// The responders whose clock rate came from the offset they measured on the Poll's carrier,
    /// not from two rounds (their first round, or one after a long gap): rougher.
    public let responderRatesFromCarrier: [String]
    /// Every message of the round as the tag received it, in the order heard: the raw
    /// measurements a phone's DL-TDoA API reports.
    public let messages: [Heard]

    /// One message of the round as the tag received it.
    public struct Heard: Hashable, Sendable {
        /// The anchor's short address.
        public let anchor: UInt16
        /// The message.
        public let message: DownlinkTDoAMessage
        /// When the tag received it, on its clock, the range bias taken off.
        public let received: DeviceTime
        /// The level the tag received it at.
        public let receivedLevel: PowerLevel
        /// The anchor's clock offset against the tag's, from the carrier (positive when the anchor's runs fast).
        public let clockOffset: ClockOffset

        /// A message heard.
        public init(anchor: UInt16, message: DownlinkTDoAMessage, received: DeviceTime, receivedLevel: PowerLevel, clockOffset: ClockOffset) {
            self.anchor = anchor
            self.message = message
            self.received = received
            self.receivedLevel = receivedLevel
            self.clockOffset = clockOffset
        }
    }

    /// An observation.
    public init(
        network: PANIdentifier, roundNumber: UInt16, initiator: UInt16, anchors: [Anchor], round: DownlinkTDoARound,
        responderRatesFromCarrier: [String], messages: [Heard] = []
    ) {
        self.network = network
        self.roundNumber = roundNumber
        self.initiator = initiator
        self.anchors = anchors
        self.round = round
        self.responderRatesFromCarrier = responderRatesFromCarrier
        self.messages = messages
    }

    /// The name an anchor at short address `address` has: `0x000A` for 10.
    public static func anchorName(_ address: UInt16) -> String {
        MACAddress.short(address).description
    }
}
