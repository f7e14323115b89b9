import Foundation
import Testing
import UWBCore
import UWBRanging
@testable import NearbyInteraction

/// What the device service reports to a loop that takes reports (``MeasurementReporting``) of a
/// measurement it takes.
@Suite("Reported measurements")
struct ReportedMeasurementTests {
    /// A measurement of peer 0x0102 at 2 m, with the given direction, horizontal angle and NLOS likelihood.
    static func measurement(direction: Vector3? = nil, horizontalAngle: Angle? = nil, nlos: Double = 0, distance: Distance? = Distance(metres: 2))
        -> RangingMeasurement {
        RangingMeasurement(
            peer: 0x0102, role: .initiator, round: 1, time: .seconds(9), distance: distance, rawDistance: distance,
            direction: direction, horizontalAngle: horizontalAngle, rawDirection: direction, rawHorizontalAngle: horizontalAngle,
            timestamps: nil, receivedLevel: nil, firstPathLevel: nil, nlosLikelihood: nlos, figureOfMerit: 1)
    }

    /// The quality of ``measurement(direction:horizontalAngle:nlos:distance:)``: a figure of merit of 1, no levels, no failed check.
    static let quality = MeasurementQuality(figureOfMerit: 1, failedChecks: [])

    @Test("the peer, the distance, the loop's time; no angles from a single-chip radio, whatever the measurement says")
    func singleChip() throws {
        let report = ReportedMeasurement(
            Self.measurement(direction: Vector3(x: 0, y: 0, z: -1), horizontalAngle: .zero),
            capabilities: NIRadioCapability(coherentReceivers: 1), time: .milliseconds(1500))
        #expect(report == ReportedMeasurement(
            peer: 0x0102, distance: Distance(metres: 2), isNonLineOfSight: false, quality: Self.quality, time: .milliseconds(1500)))
    }

    @Test("a full direction gives the azimuth (right positive) and the elevation (up positive)")
    func direction() throws {
        // 30° up, and of the horizontal part 45° to the right of straight ahead (−z).
        let up = Angle.degrees(30), right = Angle.degrees(45)
        let direction = Vector3(
            x: cos(up.radians) * sin(right.radians), y: sin(up.radians), z: -cos(up.radians) * cos(right.radians))
        let report = ReportedMeasurement(
            Self.measurement(direction: direction), capabilities: NIRadioCapability(coherentReceivers: 3), time: .zero)
        #expect(abs((report.azimuth?.degrees ?? .nan) - 45) < 1e-9)
        #expect(abs((report.elevation?.degrees ?? .nan) - 30) < 1e-9)
    }

    @Test("a two-chip radio's horizontal angle is the azimuth; it gives no elevation")
    func horizontalAngle() throws {
        let report = ReportedMeasurement(
            Self.measurement(horizontalAngle: .degrees(-20)), capabilities: NIRadioCapability(coherentReceivers: 2), time: .zero)
        #expect(report.azimuth == .degrees(-20))
        #expect(report.elevation == nil)
    }

    @Test("NLOS from a likelihood of one half or more", arguments: [(0.49, false), (0.5, true), (1.0, true)])
    func nonLineOfSight(likelihood: Double, expected: Bool) {
        let report = ReportedMeasurement(
            Self.measurement(nlos: likelihood), capabilities: NIRadioCapability(coherentReceivers: 1), time: .zero)
        #expect(report.isNonLineOfSight == expected)
    }

    @Test("a round whose checks withheld its distance is reported without one, with the checks it failed, levels and figure of merit")
    func withheld() {
        var measurement = Self.measurement(distance: nil)
        measurement.qualityFlags = [.secureTimestampMismatch]
        measurement.figureOfMerit = 0
        measurement.receivedLevel = PowerLevel(dBm: -78.5)
        measurement.firstPathLevel = PowerLevel(dBm: -81.25)
        let report = ReportedMeasurement(measurement, capabilities: NIRadioCapability(coherentReceivers: 1), time: .seconds(2))
        #expect(report.distance == nil)
        #expect(report.quality == MeasurementQuality(
            figureOfMerit: 0, receivedLevel: PowerLevel(dBm: -78.5), firstPathLevel: PowerLevel(dBm: -81.25),
            failedChecks: [.secureTimestampMismatch]))
    }
}
