import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging

@Suite("Ranging accuracy: static line of sight")
struct StaticAccuracyTests {
    /// The raw-distance σ the emulator's receiver predicts on a clean link: √(σ_t² + tick²/12) · √(Σ w²),
    /// σ_t the chip's within-tap scatter (0.074 taps, the measured DW1000's; `ReceiverCalibration`), w the
    /// DS-TWR partial derivatives for the three RX stamps at the round's own spans.
    static func expectedSigma(rounds: [RoundTimestamps]) -> Double {
        let sigma = ReceiverCalibration.fractionJitter * AccumulatorFormat.tapSpacing * PhysicalConstants.speedOfLight.metresPerSecond
        let tick = DeviceDuration(ticks: 1).lightTravelDistance.metres
        let squares = rounds.map { round in
            let weights = TwoWayRanging.receiveTimestampWeights(round)
            return weights.response * weights.response + weights.poll * weights.poll + weights.final * weights.final
        }
        let weightFactor = (squares.reduce(0, +) / Double(max(squares.count, 1))).squareRoot()
        return (sigma * sigma + tick * tick / 12).squareRoot() * weightFactor
    }

    @Test("raw bias within 3 cm, raw σ within 30 % of the clean link's floor, filtered σ below it", arguments: [1.0, 5.0, 20.0])
    func lineOfSight(distance: Double) throws {
        let ranging = try AccuracyWorld.pair(distance: distance).run(seconds: 1.5)
        let results = ranging.initiatorResults()
        #expect(results.count >= 140)
        let raw = meanAndDeviation(distanceErrors(results, \.rawDistance))
        let filtered = meanAndDeviation(distanceErrors(ranging.initiatorResults(settle: 0.5), \.distance))
        let expected = Self.expectedSigma(rounds: results.compactMap(\.measurement.timestamps))
        #expect(abs(raw.mean) < 0.03, "raw bias \(raw.mean) m")
        #expect(abs(raw.deviation / expected - 1) < 0.3, "raw σ \(raw.deviation) m, expected \(expected) m")
        #expect(abs(filtered.mean) < 0.03, "filtered bias \(filtered.mean) m")
        #expect(filtered.deviation < expected, "filtered σ \(filtered.deviation) m, noise floor \(expected) m")
    }
}
