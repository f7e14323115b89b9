import UWBCore
import UWBPositioning
import simd

extension NIDLTDOAMeasurement {
    /// The measurements of every message of a round a DL-TDoA tag heard (``DownlinkTDoAObservation``), in the order heard.
    static func measurements(of observation: DownlinkTDoAObservation) -> [NIDLTDOAMeasurement] {
        let initiator = UInt64(observation.initiator)
        return observation.messages.map { heard in
            let type: NIDLTDOAMeasurementType
            var reported: Double?
            switch heard.message.kind {
            case .poll: type = .poll
            case .final: type = .final
            case .response(_, let offset, _):
                type = .response
                reported = offset.partsPerMillion
            }
            let point = heard.message.anchorPosition.metres
            return NIDLTDOAMeasurement(
                address: UInt64(heard.anchor), measurementType: type,
                transmitTime: Double(heard.message.transmitted.ticks) / DeviceClock.ticksPerSecond,
                receiveTime: Double(heard.received.ticks) / DeviceClock.ticksPerSecond,
                signalStrength: heard.receivedLevel.dBm, carrierFrequencyOffset: heard.clockOffset.partsPerMillion,
                coordinatesType: .relative, coordinates: simd_double3(point.x, point.y, point.z),
                clusterInitiatorAddress: initiator, rawTransmitTime: heard.message.transmitted.ticks,
                rawReceiveTime: heard.received.ticks, responderClockFrequencyOffset: reported,
                floorElevation: heard.message.anchorFloor.map(FloorElevation.init))
        }
    }
}
