import UWBCore

/// What a ranging frame says: its type and, for FINAL and REPORT, the timestamps it carries.
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

    /// The message's type octet.
    public var type: RangingMessageType {
        switch self {
        case .poll: .poll
        case .response: .response
        case .final: .final
        case .report: .report
        case .goodbye: .goodbye
        }
    }
}
