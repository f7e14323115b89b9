/// The kind of a ranging message: the type octet of its payload.
public enum RangingMessageType: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The initiator opens a round.
    case poll = 0x61
    /// The responder answers the POLL.
    case response = 0x62
    /// The initiator answers the RESPONSE with its three timestamps.
    case final = 0x63
    /// The responder sends its three timestamps and its result back.
    case report = 0x64
    /// Either side ends the session.
    case goodbye = 0x65
    /// The initiator opens a round with several responders (one-to-many).
    case groupPoll = 0x66
    /// The initiator answers every RESPONSE of a group round at once.
    case groupFinal = 0x67

    /// The length of this message's body in octets (between the payload header and the MIC); for
    /// the group messages, in a round of `responders` responders, every RESPONSE received (the
    /// longest group FINAL). The two-party messages ignore `responders`.
    public func bodyLength(responders: Int) -> Int {
        let stamp = RangingFrameFormat.timestampLength
        return switch self {
        case .poll, .response, .goodbye: 0
        case .final: 3 * stamp
        case .report: 3 * stamp + RangingFrameFormat.timeOfFlightLength
        case .groupPoll: 1 + responders * RangingFrameFormat.groupEntryLength
        case .groupFinal: 2 * stamp + 1 + RangingFrameFormat.groupBitmapLength + responders * stamp
        }
    }

    /// The length of the whole frame on the air in octets, MAC header and FCS included.
    ///
    /// - Parameters:
    ///   - withMIC: whether the frame carries a message integrity code.
    ///   - responders: for the group messages, how many responders the round has (a group FINAL
    ///     with every RESPONSE received); the two-party messages ignore it.
    public func frameLength(withMIC: Bool, responders: Int = 1) -> Int {
        RangingFrameFormat.macHeaderLength + RangingFrameFormat.payloadHeaderLength + bodyLength(responders: responders)
            + (withMIC ? MessageIntegrityCode.length : 0) + RangingFrameFormat.frameCheckSequenceLength
    }

    /// The message name in capitals, for example `POLL`.
    public var description: String {
        switch self {
        case .poll: "POLL"
        case .response: "RESPONSE"
        case .final: "FINAL"
        case .report: "REPORT"
        case .goodbye: "GOODBYE"
        case .groupPoll: "GROUP POLL"
        case .groupFinal: "GROUP FINAL"
        }
    }
}
