import Foundation
import Testing
import UWBCore
import UWBEmulator
@testable import UWBRanging

/// Exponential smoothing of directions: noise reduction at 10 Hz and wrap-safe horizontal angles.
@Suite struct DirectionFilterTests {
    @Test func reducesAngleNoiseByAboutHalf() throws {
        // α = 1 − e^(−0.1/0.2) = 0.393; the output σ is √(α/(2 − α)) = 0.49 of the input's. Input: a fixed
        // direction 30° right and 10° up, each component of the horizontal angle with 3° noise.
        var random = SeededRandom(seed: 42)
        var filter = DirectionFilter()
        let azimuth = 30.0 * .pi / 180
        let elevation = 10.0 * .pi / 180
        var rawErrors: [Double] = []
        var filteredErrors: [Double] = []
        let truth = Vector3(x: sin(azimuth) * cos(elevation), y: sin(elevation), z: -cos(azimuth) * cos(elevation))
        for index in 0..<1_000 {
            let noisyAzimuth = azimuth + random.normal(mean: 0, standardDeviation: 3 * .pi / 180)
            let noisyElevation = elevation + random.normal(mean: 0, standardDeviation: 3 * .pi / 180)
            let measured = Vector3(
                x: sin(noisyAzimuth) * cos(noisyElevation), y: sin(noisyElevation), z: -cos(noisyAzimuth) * cos(noisyElevation))
            let output = filter.update(at: .seconds(Double(index) / 10), DirectionEstimate(direction: measured, horizontalAngle: nil))
            guard let direction = output.direction else {
                Issue.record("no direction out")
                return
            }
            guard index >= 20 else { continue }
            rawErrors.append(acos(min(1, measured.dot(truth))))
            filteredErrors.append(acos(min(1, direction.dot(truth) / direction.length)))
        }
        let rawRMS = (rawErrors.map { $0 * $0 }.reduce(0, +) / Double(rawErrors.count)).squareRoot()
        let filteredRMS = (filteredErrors.map { $0 * $0 }.reduce(0, +) / Double(filteredErrors.count)).squareRoot()
        #expect(filteredRMS < 0.6 * rawRMS)
        #expect(filteredRMS > 0.35 * rawRMS)
    }

    @Test func horizontalAngleIsSmoothedAcrossPlusMinusPi() {
        // Readings alternating at +179° and −179° average to 180°, not to 0°.
        var filter = DirectionFilter()
        var last = DirectionEstimate(direction: nil, horizontalAngle: nil)
        for index in 0..<20 {
            let degrees = index.isMultiple(of: 2) ? 179.0 : -179.0
            last = filter.update(at: .seconds(Double(index) / 10), DirectionEstimate(direction: nil, horizontalAngle: .degrees(degrees)))
        }
        guard let angle = last.horizontalAngle else {
            Issue.record("no angle out")
            return
        }
        #expect(abs(abs(angle.degrees) - 180) < 1)
    }

    @Test func firstReadingAndLongGapsPassThrough() {
        var filter = DirectionFilter()
        let first = filter.update(at: .seconds(0), DirectionEstimate(direction: nil, horizontalAngle: .degrees(10)))
        #expect(abs((first.horizontalAngle?.degrees ?? 0) - 10) < 1e-9)
        // After 10 s (50 τ) the weight is 1 − e^(−50): the new reading is taken as is.
        let later = filter.update(at: .seconds(10), DirectionEstimate(direction: nil, horizontalAngle: .degrees(-40)))
        #expect(abs((later.horizontalAngle?.degrees ?? 0) + 40) < 1e-9)
    }
}
