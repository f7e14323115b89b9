import Testing
import UWBCore
@testable import UWBRanging

/// NLOS likelihood (UM §4.7 rule) and the figure of merit's factors.
@Suite struct QualityTests {
    @Test(arguments: [(5.0, 0.0), (6.0, 0.0), (8.0, 0.5), (9.0, 0.75), (10.0, 1.0), (11.0, 1.0), (-3.0, 0.0)])
    func nlosLikelihoodFollowsTheSixToTenDecibelRule(gap: Double, expected: Double) {
        // Likelihood = clamp((RX − FP − 6 dB)/4 dB, 0, 1).
        let likelihood = NLOSLikelihood.fromLevels(receivedLevel: PowerLevel(dBm: -80), firstPathLevel: PowerLevel(dBm: -80 - gap))
        #expect(abs(likelihood - expected) < 1e-12)
    }

    @Test func nlosLikelihoodOfUnusableLevelsIsOne() {
        #expect(NLOSLikelihood.fromLevels(receivedLevel: PowerLevel(dBm: .nan), firstPathLevel: PowerLevel(dBm: -80)) == 1)
    }

    @Test func figureOfMeritFactors() {
        // Full margin (−70 dBm is 23 dB above −93), line of sight, no disagreement, no retries → 1.
        #expect(FigureOfMerit.score(receivedLevel: PowerLevel(dBm: -70), nlosLikelihood: 0) == 1)
        // Half margin: −83 dBm is 10 dB above −93 → 0.5; NLOS 0.5 halves again → 0.25.
        #expect(abs(FigureOfMerit.score(receivedLevel: PowerLevel(dBm: -83), nlosLikelihood: 0.5) - 0.25) < 1e-12)
        // Disagreement of 10 cm → 1/(1 + 1) = 0.5; two retries → 0.9² = 0.81.
        let score = FigureOfMerit.score(
            receivedLevel: PowerLevel(dBm: -60), nlosLikelihood: 0, disagreement: .centimetres(10), retries: 2)
        #expect(abs(score - 0.5 * 0.81) < 1e-12)
        // At or below sensitivity, fully NLOS, or non-finite → 0.
        #expect(FigureOfMerit.score(receivedLevel: PowerLevel(dBm: -95), nlosLikelihood: 0) == 0)
        #expect(FigureOfMerit.score(receivedLevel: PowerLevel(dBm: -60), nlosLikelihood: 1) == 0)
        #expect(FigureOfMerit.score(receivedLevel: PowerLevel(dBm: -60), nlosLikelihood: .nan) == 0)
        // A custom sensitivity shifts the margin: −90 dBm with sensitivity −100 dBm → 10/20 = 0.5.
        #expect(abs(FigureOfMerit.score(receivedLevel: PowerLevel(dBm: -90), sensitivity: PowerLevel(dBm: -100), nlosLikelihood: 0) - 0.5) < 1e-12)
    }
}
