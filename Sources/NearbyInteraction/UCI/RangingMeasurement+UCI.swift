import Foundation
import UCI
import UWBCore
import UWBRanging

extension RangingMeasurement {
    /// A measurement from a UCI device's SESSION_INFO_NTF two-way result (status OK), for this
    /// side in `role`, made at `time` on the device's loop, `interval` after the previous one.
    ///
    /// The device measured and filtered the round itself, so the raw values equal the filtered
    /// ones and there are no timestamps. Angles count when the device measures them (`angles`:
    /// azimuth and, for a direction, elevation) and their figure of merit is not 0 (or the device
    /// gives none). Direction from azimuth θ (positive right) and elevation φ (positive up):
    /// (cos φ sin θ, sin φ, −cos φ cos θ) in the device frame. NLOS 1 is likelihood 1, anything
    /// else 0; RSSI, when not 0, is the received level (−RSSI/2 dBm); the figure of merit is the
    /// azimuth's (÷100) when there is one, else 1: UCI gives no figure of merit for distance.
    init(
        uci result: UCITwoWayMeasurement, role: RangingRole, sequence: UInt32, time: Duration, interval: Duration?,
        angles: UCICapabilitySet
    ) {
        let distance = Distance(metres: Double(result.distanceCentimetres) / 100)
        let azimuth = angles.azimuth && (!angles.angleFigureOfMerit || result.azimuthFOM > 0)
            ? Angle.degrees(result.azimuth.degrees) : nil
        let elevation = angles.elevation && (!angles.angleFigureOfMerit || result.elevationFOM > 0)
            ? Angle.degrees(result.elevation.degrees) : nil
        let direction = azimuth.flatMap { azimuth in
            elevation.map { elevation in
                Vector3(
                    x: cos(elevation.radians) * sin(azimuth.radians), y: sin(elevation.radians),
                    z: -cos(elevation.radians) * cos(azimuth.radians))
            }
        }
        self.init(
            peer: UInt16(truncatingIfNeeded: result.macAddress), role: role, round: UInt16(truncatingIfNeeded: sequence),
            time: time, interval: interval, distance: distance, rawDistance: distance,
            direction: direction, horizontalAngle: azimuth, rawDirection: direction, rawHorizontalAngle: azimuth,
            timestamps: nil, receivedLevel: result.rssi == 0 ? nil : PowerLevel(dBm: result.rssiDBm), firstPathLevel: nil,
            nlosLikelihood: result.nlos == 1 ? 1 : 0,
            figureOfMerit: azimuth != nil && result.azimuthFOM > 0 ? min(Double(result.azimuthFOM), 100) / 100 : 1)
    }
}
