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
/// swift-uwb's anchors' frames carry no initiator reply time (their Final carries its own TX
/// time), so that field is 0; the time of flight is the surveyed anchors' distance over c, as an
/// anchor that knows both positions computes it.
enum UCIDownlinkTDoAReport {
    /// The measurements of `observation`'s messages.
    static func measurements(of observation: DownlinkTDoAObservation) -> [UCIDownlinkTDoAMeasurement] {
        let initiator = observation.messages.first { $0.message.kind == .poll }?.message.anchorPosition
        return observation.messages.map { heard in measurement(of: heard, initiatorPosition: initiator, block: observation.roundNumber) }
    }

    /// The measurement of one message of round `block`, the initiator at `initiatorPosition` if its Poll was heard.
    private static func measurement(
        of heard: DownlinkTDoAObservation.Heard, initiatorPosition: Position?, block: UInt16
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
        case .response(let replyTime, let initiatorOffset):
            measurement.messageType = .response
            measurement.responderReplyTime = UInt32(clamping: replyTime.ticks)
            measurement.anchorClockOffset = UCIClockOffset(ClockOffset(partsPerMillion: -initiatorOffset.partsPerMillion))
            if let initiatorPosition {
                let flight = message.anchorPosition.distance(to: initiatorPosition).lightTravelTime.secondsValue * DeviceClock.ticksPerSecond
                measurement.initiatorResponderTimeOfFlight = UInt16(clamping: Int(flight.rounded()))
            }
        }
        return measurement
    }
}
