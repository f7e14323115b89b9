import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging

@Suite("Ranging accuracy: angle of arrival")
struct EmulatedAngleOfArrivalTests {
    /// A triple-chip initiator at the origin and a single-chip responder 3 m away at azimuth
    /// `degrees` (positive to the right, +x) in the horizontal plane.
    static func world(azimuth degrees: Double) -> AccuracyWorld {
        let radians = degrees * .pi / 180
        return AccuracyWorld(devices: [
            AccuracyWorld.Device(board: "ft232h-dw1000-triple", position: Vector3(x: 0, y: 1, z: 0)),
            AccuracyWorld.Device(position: Vector3(x: 3 * sin(radians), y: 1, z: -3 * cos(radians))),
        ])
    }

    /// Measured − true horizontal angle in degrees.
    static func errors(_ results: [(measurement: RangingMeasurement, truth: GroundTruth)], _ keyPath: KeyPath<RangingMeasurement, Angle?>) -> [Double] {
        results.compactMap { result in
            result.measurement[keyPath: keyPath].map { measured in
                let actual = atan2(result.truth.direction.x, -result.truth.direction.z)
                return Angle(radians: measured.radians - actual).wrapped.degrees
            }
        }
    }

    @Test("horizontal angle RMSE ≤ 4° raw and ≤ 3° filtered from −60° to +60°", arguments: [-60.0, -30.0, 0.0, 30.0, 60.0])
    func insideFieldOfView(azimuth: Double) throws {
        let ranging = try Self.world(azimuth: azimuth).run(seconds: 1.5, fieldOfView: FieldOfView(halfAngle: .degrees(90)))
        let raw = Self.errors(ranging.initiatorResults(), \.rawHorizontalAngle)
        let filtered = Self.errors(ranging.initiatorResults(settle: 0.5), \.horizontalAngle)
        #expect(raw.count >= 140 && filtered.count >= 90)
        #expect(rootMeanSquare(raw) <= 4, "raw RMSE \(rootMeanSquare(raw))° at \(azimuth)°")
        #expect(rootMeanSquare(filtered) <= 3, "filtered RMSE \(rootMeanSquare(filtered))° at \(azimuth)°")
    }

    @Test("outside the 60° field of view the direction is null", arguments: [-90.0, -75.0, 75.0, 90.0])
    func outsideFieldOfView(azimuth: Double) throws {
        let results = try Self.world(azimuth: azimuth).run(seconds: 1).initiatorResults()
        #expect(results.count >= 90)
        for result in results.map(\.measurement) {
            #expect(result.direction == nil && result.horizontalAngle == nil)
            #expect(result.rawDirection == nil && result.rawHorizontalAngle == nil)
        }
    }

    /// A flat array cannot tell a peer in front from its mirror image behind; the device's body
    /// shadowing the front path (the emulator's `DeviceBodyModel`) is what gives it away.
    @Test("a peer in front of the screen gets a distance but no direction", arguments: [120.0, 180.0, -135.0])
    func inFront(azimuth: Double) throws {
        let results = try Self.world(azimuth: azimuth).run(seconds: 1).initiatorResults()
        #expect(results.count >= 90)
        for (measurement, truth) in results {
            #expect(measurement.direction == nil && measurement.horizontalAngle == nil)
            #expect(measurement.rawDirection == nil && measurement.rawHorizontalAngle == nil)
            #expect(measurement.nlosLikelihood >= 0.5)
            let distance = try #require(measurement.rawDistance)
            #expect(abs(distance.metres - truth.distance.metres) < 0.3)
        }
    }
}
