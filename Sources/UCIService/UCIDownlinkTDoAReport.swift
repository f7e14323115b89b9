import UCI
import UWBCore
import UWBPositioning

/// Turns what a DL-TDoA tag heard of a round (``UWBPositioning/DownlinkTDoAObservation``) into
/// SESSION_INFO_NTF's DL-TDoA measurements, one per message in the order heard: the anchor's
/// short address, the message type, the round number as block index, 40-bit TX and RX timestamps
/// (the RX one on the tag's clock with the range bias taken off), RSSI (Q7.1 of −dBm), for a
/// Response its reply time, the responder's clock offset relative to the initiator and the
/// initiator–responder time of flight, the tag's clock offset relative to the sending anchor, and
/// the anchor's relative location in millimetres.
///
/// A Response's measurement also has the initiator reply time for that responder, the Final's TX
/// less the initiator's reception of the Response (the Final lists it; 0 if it did not), and the
/// time of flight the Response carried, which the responder measured by two-way ranging with its
/// initiator; before it has one (its first round), the surveyed anchors' distance over c, as an
/// anchor that knows both positions computes it (`Docs/reference/positioning.md` §2).
enum UCIDownlinkTDoAReport {
    /// The measurements of `observation`'s messages.
    static func measurements(of observation: DownlinkTDoAObservation) -> [UCIDownlinkTDoAMeasurement] {
        let initiator = observation.messages.first { $0.message.kind == .poll }?.message.anchorPosition
        var initiatorReplies: [UInt16: UInt32] = [:]
        if let final = observation.messages.last?.message, case .final(let responses) = final.kind {
            for response in responses {
                initiatorReplies[response.responder] = UInt32(clamping: final.transmitted.elapsed(since: response.received).ticks)
            }
        }
        return observation.messages.map { heard in
            measurement(
                of: heard, initiatorPosition: initiator, initiatorReply: initiatorReplies[heard.anchor] ?? 0, block: observation.roundNumber)
        }
    }

    /// The measurement of one message of round `block`, the initiator at `initiatorPosition` if its
    /// Poll was heard, with `initiatorReply` for a Response.
    private static func measurement(
        of heard: DownlinkTDoAObservation.Heard, initiatorPosition: Position?, initiatorReply: UInt32, block: UInt16
    ) -> UCIDownlinkTDoAMeasurement {
        let message = heard.message
        var measurement = UCIDownlinkTDoAMeasurement(
            macAddress: UInt64(heard.anchor), messageType: .poll, blockIndex: block, rssi: UCIMeasurementReport.rssi(heard.receivedLevel),
            transmitTimestamp: message.transmitted.ticks, receiveTimestamp: heard.received.ticks,
            clockOffset: UCIClockOffset(ClockOffset(partsPerMillion: -heard.clockOffset.partsPerMillion)),
            anchorLocation: UCIRelativeLocation(message.anchorPosition).map(UCIAnchorLocation.relative))
        switch message.kind {
        case .poll:
            measurement.messageType = .poll
        case .final:
            measurement.messageType = .final
        case .response(let replyTime, let initiatorOffset, let measuredFlight):
            measurement.messageType = .response
            measurement.responderReplyTime = UInt32(clamping: replyTime.ticks)
            measurement.initiatorReplyTime = initiatorReply
            measurement.anchorClockOffset = UCIClockOffset(ClockOffset(partsPerMillion: -initiatorOffset.partsPerMillion))
            if let measuredFlight {
                measurement.initiatorResponderTimeOfFlight = UInt16(clamping: measuredFlight.ticks)
            } else if let initiatorPosition {
                let flight = message.anchorPosition.distance(to: initiatorPosition).lightTravelTime.secondsValue * DeviceClock.ticksPerSecond
                measurement.initiatorResponderTimeOfFlight = UInt16(clamping: Int(flight.rounded()))
            }
        }
        return measurement
    }
}
