import Foundation
import UWBCore
import UWBRanging

extension ReportedMeasurement {
    /// What the device service reports to its loop (``MeasurementReporting``) of a measurement it
    /// delivers at `time`: the distance, the angles the radio's `capabilities` let an app see (the
    /// azimuth from the horizontal angle, or else from the direction; the elevation from the
    /// direction), and NLOS from a likelihood of ``MeasurementBuilder/directionNLOSLimit`` or more,
    /// from which no direction is given. Nil for a measurement without a distance.
    init?(_ measurement: RangingMeasurement, capabilities: NIRadioCapability, time: Duration) {
        guard let distance = measurement.distance else { return nil }
        let direction = capabilities.supportsDirectionMeasurement ? measurement.direction : nil
        let horizontalAngle = capabilities.supportsHorizontalAngleMeasurement ? measurement.horizontalAngle : nil
        self.init(
            peer: measurement.peer, distance: distance,
            azimuth: horizontalAngle ?? direction.flatMap(Self.azimuth),
            elevation: direction.map { Angle(radians: asin(min(max($0.y, -1), 1))) },
            isNonLineOfSight: measurement.nlosLikelihood >= MeasurementBuilder.directionNLOSLimit, time: time)
    }

    /// The bearing of a unit direction in the device frame (+x right, −z ahead): atan2(x, −z);
    /// nil straight up or down.
    private static func azimuth(of direction: Vector3) -> Angle? {
        direction.x == 0 && direction.z == 0 ? nil : Angle(radians: atan2(direction.x, -direction.z))
    }
}
