import Foundation
import Testing
import UWBCore
import UWBEmulator

@Suite("Receiver: noise floor, frame success, timing and phase noise")
struct ReceiverModelTests {
    private let receiver = ReceiverModel.standard

    @Test("noise floor of a 499.2 MHz receiver with a 6 dB noise figure is −81.0 dBm")
    func noiseFloor() {
        // −174 + 10·log₁₀(499.2e6) + 6 = −174 + 86.983 + 6 = −81.017 dBm.
        #expect(abs(receiver.noiseFloor.dBm - -81.017) < 0.001)
        #expect(abs(receiver.signalToNoiseRatio(receivedLevel: PowerLevel(dBm: -71.017)).decibels - 10) < 0.001)
    }

    @Test("success is ≈1 20 dB above sensitivity, 0.9 at it and ≈0 20 dB below, never rising as the level falls")
    func successCurve() {
        // Logistic in the margin m with odds 9 at m = 0: P = 1/(1 + e^(−m)/9).
        // m = 20: 1 − 1/(1 + 9e²⁰) ≈ 1 − 2.3e-10. m = −20: 1/(1 + e²⁰/9) ≈ 1.9e-8.
        for rate in DataRate.allCases {
            let sensitivity = receiver.sensitivity(for: rate)
            let at = receiver.frameSuccessProbability(receivedLevel: sensitivity, dataRate: rate, frameLength: 20)
            let above = receiver.frameSuccessProbability(
                receivedLevel: sensitivity + PowerRatio(decibels: 20), dataRate: rate, frameLength: 20)
            let below = receiver.frameSuccessProbability(
                receivedLevel: sensitivity - PowerRatio(decibels: 20), dataRate: rate, frameLength: 20)
            #expect(abs(at - 0.9) < 1e-12)
            #expect(above > 0.999_999)
            #expect(below < 1e-6)
        }
        var previous = 1.0
        for step in 0...400 {
            let level = PowerLevel(dBm: -60 - 0.1 * Double(step))
            let probability = receiver.frameSuccessProbability(receivedLevel: level, dataRate: .mbps6_8, frameLength: 30)
            #expect(probability <= previous)
            previous = probability
        }
    }

    // The physics reference: Docs/reference/uwb-physics.md.
    @Test("sensitivities follow the physics reference and longer frames fail more often")
    func sensitivitiesAndLength() {
        #expect(receiver.sensitivity(for: .kbps110) == PowerLevel(dBm: -106))
        #expect(receiver.sensitivity(for: .mbps6_8) == PowerLevel(dBm: -93))
        // Independent octets: P(40) = P(20)² = 0.81 at sensitivity.
        let long = receiver.frameSuccessProbability(receivedLevel: PowerLevel(dBm: -93), dataRate: .mbps6_8, frameLength: 40)
        #expect(abs(long - 0.81) < 1e-12)
    }

    @Test("timing SNR is 6 dB at sensitivity and grows with the margin")
    func timingSNR() {
        #expect(abs(receiver.timingSignalToNoiseRatio(receivedLevel: PowerLevel(dBm: -93), dataRate: .mbps6_8).decibels - 6) < 1e-12)
        #expect(abs(receiver.timingSignalToNoiseRatio(receivedLevel: PowerLevel(dBm: -73), dataRate: .mbps6_8).decibels - 26) < 1e-12)
    }

    @Test("phase σ is 1/√(2·SNR): 0.0707 rad at 20 dB, capped at π")
    func phase() {
        // 1/√(2·100) = 0.070711 rad.
        #expect(abs(receiver.phaseStandardDeviation(snr: PowerRatio(decibels: 20)).radians - 0.070711) < 1e-6)
        #expect(receiver.phaseStandardDeviation(snr: PowerRatio(decibels: -40)).radians == Double.pi)
    }

    @Test("invalid receiver parameters are rejected")
    func invalid() {
        #expect(throws: ChannelModelError.notPositive(parameter: "bandwidth", value: -1)) {
            try ReceiverModel(bandwidth: Frequency(hertz: -1))
        }
        #expect(throws: ChannelModelError.notPositive(parameter: "waterfallWidthDB", value: 0)) {
            try ReceiverModel(bandwidth: .megahertz(499.2), waterfallWidth: PowerRatio(decibels: 0))
        }
    }
}
