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

    @Test("ToA σ is the Cramér–Rao bound at moderate SNR: 78 ps (2.3 cm) at 20 dB over 499.2 MHz")
    func cramerRao() {
        // β = 499.2e6/√12 = 144.10e6 Hz. σ = 1/(2√2·π·β·√SNR).
        // 20 dB: 1/(2·1.41421·3.14159·144.10e6·10) = 78.10 ps = 2.341 cm.
        // 10 dB: ×√10 = 246.97 ps = 7.40 cm. 0 dB: ×10 = 781.0 ps.
        let bandwidth = Frequency.megahertz(499.2)
        let at20 = receiver.timeOfArrivalStandardDeviation(snr: PowerRatio(decibels: 20), bandwidth: bandwidth)
        let at10 = receiver.timeOfArrivalStandardDeviation(snr: PowerRatio(decibels: 10), bandwidth: bandwidth)
        let at0 = receiver.timeOfArrivalStandardDeviation(snr: PowerRatio(decibels: 0), bandwidth: bandwidth)
        #expect(abs(at20.secondsValue - 78.10e-12) < 0.05e-12)
        #expect(abs(at20.secondsValue * 299_792_458 - 0.02341) < 0.00002)
        #expect(abs(at10.secondsValue - 246.97e-12) < 0.1e-12)
        #expect(abs(at0.secondsValue - 781.0e-12) < 0.5e-12)
    }

    @Test("ToA σ stops at the 2 cm floor at high SNR and at the ceiling without bandwidth")
    func floorAndCeiling() {
        // 30 dB: the bound is 24.7 ps, below the floor 0.02 m / c = 66.71 ps.
        let at30 = receiver.timeOfArrivalStandardDeviation(snr: PowerRatio(decibels: 30), bandwidth: .megahertz(499.2))
        #expect(abs(at30.secondsValue - 66.71e-12) < 0.01e-12)
        #expect(receiver.timeOfArrivalStandardDeviation(snr: PowerRatio(decibels: 20), bandwidth: Frequency(hertz: 0))
            == ReceiverModel.timingCeiling)
        #expect(receiver.timeOfArrivalStandardDeviation(snr: PowerRatio(decibels: -.infinity), bandwidth: .megahertz(499.2))
            == ReceiverModel.timingCeiling)
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
        #expect(throws: ChannelModelError.negative(parameter: "timingFloor", value: -0.01)) {
            try ReceiverModel(bandwidth: .megahertz(499.2), timingFloor: Distance(metres: -0.01))
        }
    }
}
