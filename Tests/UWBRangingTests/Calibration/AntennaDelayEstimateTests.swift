import Testing
import UWBCore
import UWBRanging

@Suite("Antenna delay estimate from pairs' distances")
struct AntennaDelayEstimateTests {
    /// c·ε in metres for ε in device ticks.
    static func metres(_ ticks: Double) -> Double {
        ticks / DeviceClock.ticksPerSecond * PhysicalConstants.speedOfLight.metresPerSecond
    }

    /// Every pair of `errors.count` devices at `actual(i, j)`, measuring what the errors make it:
    /// actual + c·(εᵢ + εⱼ)/2, plus `noise(i, j)`.
    static func pairs(
        errors: [Double], actual: (Int, Int) -> Double = { Double($0 + $1) + 1.5 }, noise: (Int, Int) -> Double = { _, _ in 0 }
    ) -> [AntennaDelayEstimate.Pair] {
        errors.indices.flatMap { i in
            (i + 1..<errors.count).map { j in
                AntennaDelayEstimate.Pair(
                    first: i, second: j,
                    measured: Distance(metres: actual(i, j) + metres((errors[i] + errors[j]) / 2) + noise(i, j)),
                    actual: Distance(metres: actual(i, j)))
            }
        }
    }

    @Test("four devices with hidden errors of +100, −50, +200 and 0 ticks: recovered to the tick, nothing left over")
    func exact() throws {
        let errors = [100.0, -50, 200, 0]
        let estimate = try AntennaDelayEstimate(devices: 4, pairs: Self.pairs(errors: errors))
        #expect(estimate.delayErrors.map(\.ticks) == [100, -50, 200, 0])
        #expect(estimate.residualRMS.metres < 1e-9)
    }

    @Test("three devices in a triangle determine the errors; the residuals are zero with three equations for three unknowns")
    func triangle() throws {
        let estimate = try AntennaDelayEstimate(devices: 3, pairs: Self.pairs(errors: [30, 60, -90]))
        #expect(estimate.delayErrors.map(\.ticks) == [30, 60, -90])
    }

    @Test("with ±2 cm of noise on six devices' 15 pairs, each error comes back within 1 cm equivalent and the RMS residual shows the noise")
    func noisy() throws {
        var random = SeededRandom(seed: 11)
        let noise: [[Double]] = (0..<6).map { _ in (0..<6).map { _ in Double.random(in: -0.02...0.02, using: &random) } }
        let errors = [120.0, -80, 40, 0, 250, -150]
        let estimate = try AntennaDelayEstimate(devices: 6, pairs: Self.pairs(errors: errors, noise: { noise[$0][$1] }))
        for (found, hidden) in zip(estimate.delayErrors, errors) {
            // A device's error as a distance, c·ε (1 cm is about 2.1 ticks).
            #expect(abs(Self.metres(Double(found.ticks) - hidden)) < 0.01, "found \(found.ticks), hidden \(hidden)")
        }
        #expect(estimate.residualRMS.metres > 0.001 && estimate.residualRMS.metres < 0.02)
    }

    @Test("too few devices, a pair of one device or an unknown one, a bad distance, a line or a four-ring are refused, saying what to change")
    func refusals() {
        #expect(throws: AntennaDelayEstimateError.tooFewDevices(2)) {
            try AntennaDelayEstimate(devices: 2, pairs: Self.pairs(errors: [1, 2]))
        }
        #expect(throws: AntennaDelayEstimateError.invalidPair(first: 1, second: 1, devices: 3)) {
            try AntennaDelayEstimate(devices: 3, pairs: [.init(first: 1, second: 1, measured: .zero, actual: Distance(metres: 1))])
        }
        #expect(throws: AntennaDelayEstimateError.invalidPair(first: 0, second: 5, devices: 3)) {
            try AntennaDelayEstimate(devices: 3, pairs: [.init(first: 0, second: 5, measured: .zero, actual: Distance(metres: 1))])
        }
        #expect(throws: AntennaDelayEstimateError.invalidDistance(first: 0, second: 1)) {
            try AntennaDelayEstimate(devices: 3, pairs: [.init(first: 0, second: 1, measured: Distance(metres: .nan), actual: Distance(metres: 1))])
        }
        let all = Self.pairs(errors: [0, 0, 0, 0])
        let line = all.filter { $0.second == $0.first + 1 }
        let ring = line + all.filter { $0.first == 0 && $0.second == 3 }
        #expect(throws: AntennaDelayEstimateError.undetermined) { try AntennaDelayEstimate(devices: 4, pairs: line) }
        #expect(throws: AntennaDelayEstimateError.undetermined) { try AntennaDelayEstimate(devices: 4, pairs: ring) }
        #expect(AntennaDelayEstimateError.undetermined.description.contains("triangle"))
    }
}
