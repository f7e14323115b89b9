import UWBCore

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

    /// The length of this message's body in octets (after the payload header); for
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

    /// Whether this is a message of a group round, serving several sessions at once.
    public var isGroupMessage: Bool {
        self == .groupPoll || self == .groupFinal
    }

    /// The security level of this message's frames when secured: MIC-64 (level 2) for a
    /// two-party message, MIC-32 (level 1) for each entry of a group message.
    public var securityLevel: MACSecurityLevel {
        isGroupMessage ? .mic32 : .mic64
    }

    /// The length of the whole frame on the air in octets, MAC header and FCS included.
    ///
    /// - Parameters:
    ///   - secured: whether the frame carries the auxiliary security header and its MICs.
    ///   - responders: for the group messages, how many responders the round has (a group FINAL
    ///     with every RESPONSE received, and a MIC for each); the two-party messages ignore it.
    public func frameLength(secured: Bool, responders: Int = 1) -> Int {
        let codes = isGroupMessage ? responders : 1
        let security = secured
            ? RangingFrameFormat.auxiliarySecurityHeaderLength + codes * securityLevel.messageIntegrityCodeLength : 0
        return RangingFrameFormat.macHeaderLength + RangingFrameFormat.payloadHeaderLength + bodyLength(responders: responders)
            + security + RangingFrameFormat.frameCheckSequenceLength
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
