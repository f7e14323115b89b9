import UCI
import UWBCore
import simd

extension NIDLTDOAMeasurement {
    /// The measurements of one DL-TDoA SESSION_INFO_NTF, in its order: timestamps in ticks and
    /// seconds, the level from the RSSI, the anchor's clock offset against this device (the
    /// opposite of the tag's against the anchor, which UCI carries), relative coordinates in
    /// metres, the cluster's initiator (the address of the notification's Poll, 0 without one)
    /// and, for a Response, the initiator's offset against the responder (the opposite of UCI's
    /// anchor CFO).
    ///
    /// A location in WGS-84 gives ``NIDLTDOACoordinatesType/geodetic`` with NaN coordinates, and a
    /// message without one relative NaN coordinates: FiRa's WGS-84 octets are not publicly
    /// specified, and no position is made up. Messages of a type Android does not name, and
    /// measurements whose status is not OK, are left out.
    static func measurements(of list: [UCIDownlinkTDoAMeasurement]) -> [NIDLTDOAMeasurement] {
        let initiator = list.first { $0.messageType == .poll }?.macAddress ?? 0
        return list.compactMap { measurement in
            let type: NIDLTDOAMeasurementType
            var responderOffset: Double?
            switch measurement.messageType {
            case .poll: type = .poll
            case .final: type = .final
            case .response:
                type = .response
                responderOffset = -measurement.anchorClockOffset.offset.partsPerMillion
            default:
                return nil
            }
            let unknown = simd_double3(.nan, .nan, .nan)
            let (coordinatesType, coordinates): (NIDLTDOACoordinatesType, simd_double3) = switch measurement.anchorLocation {
            case .relative(let location):
                (.relative, simd_double3(location.position.metres.x, location.position.metres.y, location.position.metres.z))
            case .wgs84: (.geodetic, unknown)
            case nil: (.relative, unknown)
            }
            return NIDLTDOAMeasurement(
                address: measurement.macAddress, measurementType: type,
                transmitTime: Double(measurement.transmitTimestamp) / DeviceClock.ticksPerSecond,
                receiveTime: Double(measurement.receiveTimestamp) / DeviceClock.ticksPerSecond,
                signalStrength: measurement.rssiDBm, carrierFrequencyOffset: -measurement.clockOffset.offset.partsPerMillion,
                coordinatesType: coordinatesType, coordinates: coordinates, clusterInitiatorAddress: initiator,
                rawTransmitTime: measurement.transmitTimestamp, rawReceiveTime: measurement.receiveTimestamp,
                responderClockFrequencyOffset: responderOffset)
        }
    }
}
