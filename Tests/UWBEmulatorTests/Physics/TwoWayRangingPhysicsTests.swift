import Testing
import UWBCore
@testable import UWBEmulator

/// Two-way ranging on the emulator against the closed-form clock errors of the physics
/// reference §2.1, at 5.015 m in free space (−77 dBm, where the APS011 bias is zero).
@Suite("Emulator physics: two-way ranging and clock offsets")
struct TwoWayRangingPhysicsTests {
    static let distance = 5.015

    static func rounds(
        initiatorPPM: Double, responderPPM: Double, responderReply: Double, initiatorReply: Double, count: Int, seed: UInt64
    ) throws -> [RoundTimestamps] {
        try TwoWayRangingRounds.run(
            in: WorldFixtures.freeSpace(seed: seed),
            initiator: WorldFixtures.device("initiator", at: .zero, clockOffset: initiatorPPM),
            responder: WorldFixtures.device("responder", at: Vector3(x: Self.distance, y: 0, z: 0), clockOffset: responderPPM),
            count: count, responderReply: try .milliseconds(responderReply), initiatorReply: try .milliseconds(initiatorReply))
    }

    @Test("single-sided TWR, clocks 10 ppm apart, 1 ms reply: mean error −½·Δe·Treply = −1.5 m within 5%")
    func singleSided() throws {
        let rounds = try Self.rounds(initiatorPPM: 0, responderPPM: 10, responderReply: 1, initiatorReply: 3, count: 50, seed: 21)
        let errors = rounds.compactMap(\.singleSidedDistance).map { $0 - Self.distance }
        #expect(errors.count >= 45)
        // The responder counts its 1 ms reply 10 ppm long: (Ra − Db)/2 is short by
        // ½ · 10e-6 · 1e-3 s · c = 1.499 m.
        #expect(abs(mean(errors) - -1.499) < 0.075, "mean error \(mean(errors)) m")
    }

    @Test("asymmetric DS-TWR, clocks at +20 and −20 ppm, replies 0.5 ms and 3 ms: mean error below 1 cm at 5 m")
    func doubleSided() throws {
        let rounds = try Self.rounds(initiatorPPM: 20, responderPPM: -20, responderReply: 0.5, initiatorReply: 3, count: 100, seed: 22)
        let errors = rounds.compactMap(\.doubleSidedDistance).map { $0 - Self.distance }
        #expect(errors.count >= 95)
        // Residual clock error Tprop·(eA + eB)/2 = 0; timestamp noise 2 cm per stamp, so the mean
        // of 100 rounds is within about ±0.3 cm.
        #expect(abs(mean(errors)) < 0.01, "mean error \(mean(errors)) m")
    }

    @Test("the carrier integrator reports the true clock offset between the two devices")
    func carrierIntegrator() throws {
        let world = try WorldFixtures.freeSpace(seed: 23)
        let link = try OneWayLink.run(
            in: world, sender: WorldFixtures.device("a", at: .zero, clockOffset: 12.5),
            receiver: WorldFixtures.device("b", at: Vector3(x: 3, y: 0, z: 0), clockOffset: -4), count: 20)
        // The sender runs (1 + 12.5e-6)/(1 − 4e-6) − 1 = +16.50 ppm fast relative to the receiver;
        // one integrator unit is 5.73e-4 ppm at channel 5.
        for reception in link.receptions {
            #expect(abs(reception.frame.diagnostics.clockOffset.partsPerMillion - 16.5) < 0.001)
        }
        #expect(link.receptions.count == 20)
    }
}
