import Testing
import UWBCore

@Suite("Ranging accuracy: clock offsets")
struct ClockOffsetAccuracyTests {
    @Test("DS-TWR at ±20 ppm: bias within 0.5 cm and σ within 15 % of the 0 ppm run", arguments: [(20.0, -20.0), (20.0, 20.0), (-20.0, -20.0)])
    func crystalTolerance(offsets: (Double, Double)) throws {
        let reference = distanceErrors(try AccuracyWorld.pair(distance: 5).run(seconds: 1.5).initiatorResults(), \.rawDistance)
        let offset = distanceErrors(
            try AccuracyWorld.pair(distance: 5, clockPPM: offsets).run(seconds: 1.5).initiatorResults(), \.rawDistance)
        #expect(offset.count >= 140 && offset.count == reference.count)
        let base = meanAndDeviation(reference)
        let measured = meanAndDeviation(offset)
        #expect(abs(measured.mean - base.mean) < 0.005, "bias \(measured.mean) m at \(offsets) ppm, \(base.mean) m at 0 ppm")
        #expect(abs(measured.deviation / base.deviation - 1) < 0.15, "σ \(measured.deviation) m vs \(base.deviation) m")
    }
}
