import Foundation
import UCI
import UWBCore
import UWBRanging

/// Turns the ranging engine's results into SESSION_INFO_NTF measurements: distance in
/// centimetres, azimuth and elevation in Q9.7 degrees with their figures of merit (when the board
/// measures them and the host asked), NLOS from the engine's likelihood, RSSI from the received
/// level (Q7.1 of −dBm), and a ranging status for failed rounds.
enum UCIMeasurementReport {
    /// The measurement of a completed round with the device whose MAC address (short or extended) is `peer`.
    static func measurement(_ result: RangingMeasurement, peer: UInt64, withAngles: Bool) -> UCITwoWayMeasurement {
        guard let distance = result.distance else { return failed(peer: peer, status: .failed) }
        let centimetres = (max(distance.metres, 0) * 100).rounded()
        var report = UCITwoWayMeasurement(
            macAddress: peer, status: .ok, nlos: result.nlosLikelihood >= UCIServiceConstants.nlosThreshold ? 1 : 0,
            distanceCentimetres: UInt16(min(centimetres, Double(UInt16.max))),
            rssi: result.receivedLevel.map(rssi) ?? 0)
        guard withAngles else { return report }
        let merit = UInt8((min(max(result.figureOfMerit, 0), 1) * 100).rounded())
        if let azimuth = result.horizontalAngle {
            report.azimuth = UCIAngle(degrees: azimuth.degrees)
            report.azimuthFOM = merit
        }
        if let direction = result.direction {
            report.elevation = elevation(of: direction)
            report.elevationFOM = merit
        }
        return report
    }

    /// The elevation of a unit direction (y up): its angle above the horizontal plane.
    static func elevation(of direction: Vector3) -> UCIAngle {
        UCIAngle(degrees: asin(min(max(direction.y, -1), 1)) * 180 / .pi)
    }

    /// The RSSI field of a received level: Q7.1 of −dBm, clamped to an octet.
    static func rssi(_ level: PowerLevel) -> UInt8 {
        UInt8(min(max(-level.dBm * 2, 0), 255).rounded())
    }

    /// The measurement of a failed round with the device whose MAC address is `peer`.
    static func failed(peer: UInt64, status: UCIStatus) -> UCITwoWayMeasurement {
        UCITwoWayMeasurement(macAddress: peer, status: status, nlos: 0xFF, distanceCentimetres: 0)
    }

    /// The ranging status of a failure: RANGING_RX_TIMEOUT when the awaited frame did not come.
    static func status(of failure: RangingFailure) -> UCIStatus {
        switch failure.kind {
        case .timeout, .responseNotReceived: .rangingRxTimeout
        case .frameError: .rangingRxPhyDecodingFailed
        case .lateTransmission, .transmitTimeMismatch: .rangingTxFailed
        case .unexpectedMessage: .rangingRxMacDecodingFailed
        case .transceiver, .encoding, .abandoned: .failed
        }
    }
}
