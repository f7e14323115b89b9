import UWBCore
import UWBRanging

/// When the frames of a DL-TDoA round go out, for one radio configuration and number of
/// responders: the Poll at the round's start, responder `i`'s Response ``responseDelay(slot:)``
/// after it received the Poll, the Final ``finalDelay`` after the Poll, all by delayed
/// transmission.
///
/// The first Response must leave after the whole Poll is in and the responder's host has reacted
/// (``hostAllowance``), so its delay is the Poll's airtime plus that allowance; each later one
/// follows a Response's airtime plus ``guardTime`` later. The initiator listens to the Responses
/// (its Final tells when it received each) and programs its Final once the last slot is over
/// (``responsesEnd``), so the Final leaves a host allowance after the slot that follows the last.
public struct DownlinkTDoASchedule: Hashable, Sendable {
    /// The radio configuration the airtimes are computed for.
    public let configuration: RadioConfig
    /// How many responders answer each Poll.
    public let responders: Int
    /// How long an anchor's host may take from a frame's end to programming its reply.
    public let hostAllowance: Duration
    /// The gap between consecutive frames, which covers the anchors' clock offsets and times of flight.
    public static let guardTime = Duration.microseconds(20)

    /// A schedule for `responders` responders on radios of `kind`.
    public init(configuration: RadioConfig, responders: Int, kind: RadioKind) {
        self.configuration = configuration
        self.responders = responders
        hostAllowance = Self.hostAllowance(kind)
    }

    /// How long a loop of `kind` needs to react to a frame: 50 µs on the emulator (in process or
    /// served), 5 ms behind USB, where every register transaction is a USB round trip (the values
    /// of the ranging engine's timings, `Docs/ranging-protocol.md`).
    public static func hostAllowance(_ kind: RadioKind) -> Duration {
        switch kind {
        case .emulated, .emulatorService: .microseconds(50)
        case .usb: .milliseconds(5)
        }
    }

    /// A Poll's airtime, with the anchor's floor (the longest Poll).
    public var pollAirtime: Duration {
        configuration.airtime(
            frameLength: RangingFrameFormat.macHeaderLength + DownlinkTDoAFrame.commonLength + DownlinkTDoAFrame.floorLength
                + RangingFrameFormat.frameCheckSequenceLength)
    }

    /// A Final's airtime, listing every responder it can and with the anchor's floor (the longest Final).
    public var finalAirtime: Duration {
        let listed = min(responders, DownlinkTDoAFrame.maximumResponsesInFinal)
        return configuration.airtime(
            frameLength: RangingFrameFormat.macHeaderLength + DownlinkTDoAFrame.commonLength + DownlinkTDoAFrame.finalExtraLength
                + listed * DownlinkTDoAFrame.finalEntryLength + DownlinkTDoAFrame.floorLength + RangingFrameFormat.frameCheckSequenceLength)
    }

    /// A Response's airtime, with the anchor's floor (the longest Response).
    public var responseAirtime: Duration {
        configuration.airtime(
            frameLength: RangingFrameFormat.macHeaderLength + DownlinkTDoAFrame.commonLength + DownlinkTDoAFrame.responseExtraLength
                + DownlinkTDoAFrame.floorLength + RangingFrameFormat.frameCheckSequenceLength)
    }

    /// From the Poll's RX timestamp to the TX timestamp of the Response in `slot` (0 for the first responder).
    public func responseDelay(slot: Int) -> Duration {
        pollAirtime + hostAllowance + (responseAirtime + Self.guardTime) * slot
    }

    /// From the end of the Poll to the end of the last Response's slot, when the initiator has
    /// heard every Response it will: the slots' ``guardTime`` covers the times of flight there and back.
    public var responsesEnd: Duration { responseDelay(slot: responders) - pollAirtime }

    /// From the Poll's TX timestamp to the Final's: the slot after the last Response's, and a
    /// host allowance for the initiator to program the Final once that slot is over.
    public var finalDelay: Duration { responseDelay(slot: responders) + hostAllowance }

    /// The whole round on the air, from the Poll's first preamble symbol to the Final's last bit:
    /// the Poll's synchronisation header before its TX timestamp and the rest of the Final after
    /// its own add up to the Final's airtime.
    public var roundDuration: Duration { finalDelay + finalAirtime }
}
