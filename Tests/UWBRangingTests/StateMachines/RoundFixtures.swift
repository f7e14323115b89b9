import UWBCore
import UWBRanging

/// Shared values for hand-driven rounds: initiator 0x0001, responder 0x0002, session 0xDEADBEEF,
/// PAN 0xDECA, emulator timing at the ranging configuration, DW1000 grid, antenna delay 16436.
enum RoundFixtures {
    static let session = SessionIdentifier(rawValue: 0xDEAD_BEEF)
    static let pan = PANIdentifier(rawValue: 0xDECA)
    static let initiatorAddress: UInt16 = 0x0001
    static let responderAddress: UInt16 = 0x0002
    static let timing = RangingTiming.emulator(for: .ranging)
    static let clock = TransmitClock(granularity: DeviceDuration(ticks: 512), antennaDelay: DeviceDuration(ticks: 16_436))

    static func initiator(receivers: Int = 1) -> Initiator {
        Initiator(session: session, localAddress: initiatorAddress, peerAddress: responderAddress, pan: pan,
                  timing: timing, transmitClock: clock, receivers: receivers, firstRound: 7)
    }

    static func responder(receivers: Int = 1, timeOfFlight: @escaping (CompletedRound) -> ReportedTimeOfFlight? = { _ in nil }) -> Responder {
        Responder(session: session, localAddress: responderAddress, peerAddress: initiatorAddress, pan: pan,
                  timing: timing, transmitClock: clock, receivers: receivers, timeOfFlight: timeOfFlight)
    }

    static func diagnostics(_ marker: Double) -> ReceptionDiagnostics {
        ReceptionDiagnostics(
            receivedLevel: PowerLevel(dBm: -80), firstPathLevel: PowerLevel(dBm: -82), clockOffset: .zero,
            carrierPhase: Angle(radians: 0), firstPathIndex: marker, preambleSymbolsAccumulated: 120)
    }

    /// The octets of a frame from `source` to `destination` of this session.
    static func octets(_ message: RangingMessage, round: UInt16, from source: UInt16, to destination: UInt16,
                       session: SessionIdentifier = session) throws -> [UInt8] {
        try RangingFrame(session: session, round: round, source: source, destination: destination, pan: pan, message: message).encoded()
    }

    /// The response window after sending the plain frame `sent` (FCS not included) and expecting
    /// a `reply`, by hand: it opens the listening margin before the reply's preamble (a reply
    /// delay after `sent`'s RMARKER) and lasts the secured reply's airtime and two margins.
    static func window(afterSending sent: [UInt8], expecting reply: RangingMessageType) -> ResponseWindow {
        ResponseWindow(
            delay: timing.replyDelay - HandTiming.airtime(octets: sent.count + 2) - timing.listenMargin,
            timeout: HandTiming.airtime(octets: reply.frameLength(secured: true)) + timing.listenMargin + timing.listenMargin)
    }

    /// A reception of `octets` at `time` on `chip`.
    static func received(_ octets: [UInt8], at time: DeviceTime, chip: Int = 0, marker: Double = 1) -> RangingInput {
        .event(.frameReceived(ReceivedFrame(frame: octets, timestamp: time, diagnostics: diagnostics(marker))), chip: chip)
    }

    static func time(_ ticks: UInt64) -> DeviceTime { DeviceTime(wrapping: ticks) }
}
