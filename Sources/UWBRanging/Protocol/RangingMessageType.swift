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

    /// The length of this message's body in octets (between the payload header and the MIC).
    public var bodyLength: Int {
        switch self {
        case .poll, .response, .goodbye: 0
        case .final: 3 * RangingFrameFormat.timestampLength
        case .report: 3 * RangingFrameFormat.timestampLength + RangingFrameFormat.timeOfFlightLength
        }
    }

    /// The length of the whole frame on the air in octets, MAC header and FCS included.
    ///
    /// - Parameter withMIC: whether the frame carries a message integrity code.
    public func frameLength(withMIC: Bool) -> Int {
        RangingFrameFormat.macHeaderLength + RangingFrameFormat.payloadHeaderLength + bodyLength
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
        }
    }
}
