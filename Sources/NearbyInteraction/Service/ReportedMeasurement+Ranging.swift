import Foundation
import UWBCore
import UWBRanging

extension ReportedMeasurement {
    /// What the device service reports to its loop (``MeasurementReporting``) of a measurement it
    /// takes at `time`: the distance (nil when the round's checks withheld it), the angles the
    /// radio's `capabilities` let an app see (the azimuth from the horizontal angle, or else from
    /// the direction; the elevation from the direction), NLOS from a likelihood of
    /// ``MeasurementBuilder/directionNLOSLimit`` or more, from which no direction is given, and the
    /// measurement's quality: its figure of merit, levels and failed checks.
    init(_ measurement: RangingMeasurement, capabilities: NIRadioCapability, time: Duration) {
        let direction = capabilities.supportsDirectionMeasurement ? measurement.direction : nil
        let horizontalAngle = capabilities.supportsHorizontalAngleMeasurement ? measurement.horizontalAngle : nil
        self.init(
            peer: measurement.peer, distance: measurement.distance,
            azimuth: horizontalAngle ?? direction.flatMap(Self.azimuth),
            elevation: direction.map { Angle(radians: asin(min(max($0.y, -1), 1))) },
            isNonLineOfSight: measurement.nlosLikelihood >= MeasurementBuilder.directionNLOSLimit,
            quality: MeasurementQuality(
                figureOfMerit: measurement.figureOfMerit, receivedLevel: measurement.receivedLevel,
                firstPathLevel: measurement.firstPathLevel, failedChecks: measurement.qualityFlags),
            time: time)
    }

    /// The bearing of a unit direction in the device frame (+x right, −z ahead): atan2(x, −z);
    /// nil straight up or down.
    private static func azimuth(of direction: Vector3) -> Angle? {
        direction.x == 0 && direction.z == 0 ? nil : Angle(radians: atan2(direction.x, -direction.z))
    }
}
