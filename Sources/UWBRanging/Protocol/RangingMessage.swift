import UWBCore

/// What a ranging frame says: its type and, for FINAL and REPORT, the timestamps it carries; for
/// the group messages of a one-to-many round, its responders.
public enum RangingMessage: Hashable, Sendable {
    /// The initiator opens a round.
    case poll
    /// The responder answers the POLL.
    case response
    /// The initiator's three timestamps, on its own clock.
    case final(pollTransmitted: DeviceTime, responseReceived: DeviceTime, finalTransmitted: DeviceTime)
    /// The responder's three timestamps, on its own clock, and its time of flight if it computed one.
    case report(pollReceived: DeviceTime, responseTransmitted: DeviceTime, finalReceived: DeviceTime,
                timeOfFlight: ReportedTimeOfFlight?)
    /// Either side ends the session: the peer stops ranging with it. Best effort: nothing
    /// acknowledges it, and a peer that misses it notices the silence instead.
    case goodbye
    /// The initiator opens a group round with up to ``RangingFrameFormat/maximumGroupSize``
    /// responders, one entry each; a responder's position in `entries` is its slot for RESPONSE
    /// and REPORT (``GroupRoundSchedule``).
    case groupPoll(entries: [GroupPollEntry])
    /// The initiator's FINAL for every responder of a group round: POLL's and FINAL's TX
    /// timestamps, and each slot's RESPONSE RX timestamp (`nil` for a slot whose RESPONSE did not
    /// arrive), in slot order, one per entry of the group POLL.
    case groupFinal(pollTransmitted: DeviceTime, finalTransmitted: DeviceTime, responsesReceived: [DeviceTime?])

    /// The message's type octet.
    public var type: RangingMessageType {
        switch self {
        case .poll: .poll
        case .response: .response
        case .final: .final
        case .report: .report
        case .goodbye: .goodbye
        case .groupPoll: .groupPoll
        case .groupFinal: .groupFinal
        }
    }
}

extension RangingMessage {
    /// The security level of the message's frames when secured: MIC-64 for a two-party message,
    /// MIC-32 for each entry of a group message.
    public var securityLevel: MACSecurityLevel {
        type.securityLevel
    }

    /// How many responders a group message names; 1 for the messages of a two-party round.
    public var responders: Int {
        switch self {
        case .poll, .response, .goodbye, .final, .report: 1
        case .groupPoll(let entries): entries.count
        case .groupFinal(_, _, let responses): responses.count
        }
    }
}
