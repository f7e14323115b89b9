import DW1000Driver
import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// Free-space facts used below, derived by hand: at 6489.6 MHz, λ = 46.196 mm and the Friis loss
/// at 1 m is 20·log10(4π/λ) = 48.692 dB. With the default −14.3 dBm transmitter, 5.015 m gives
/// −14.3 − 48.692 − 20·log10(5.015) = −77.00 dBm, where APS011's 64 MHz PRF range bias is 0.0 cm
/// (2.1 cm per 2 dB around it, so the level's reading error of about 0.1 dB moves it 1 mm).
@Suite("Emulator physics: timestamps on a common clock")
struct TimestampPhysicsTests {
    static let distance = 5.015
    static let flightTicks = distance / 299_792_458 * 63.8976e9   // 1068.93 ticks
    /// The receiver turned to face the sender with its back, so neither body shadows the link.
    static let facingBack = Orientation(yaw: .degrees(180))

    /// RX stamp − TX stamp, with the two chips' counter phases removed: what a common clock reads.
    static func commonClockDifferences(_ link: OneWayLink) throws -> [Double] {
        let sender = link.world.devices[0].chips[0]
        let receiver = link.world.devices[1].chips[0]
        let phase = DeviceDuration(ticks: Int64((receiver.counterPhase - sender.counterPhase).rounded()))
        return link.receptions.filter { $0.chip == 0 }.map { reception in
            Double((reception.frame.timestamp - (reception.transmitted + phase)).ticks)
        }
    }

    @Test("calibrated antenna delays: RX − TX equals d/c")
    func calibrated() throws {
        let world = try WorldFixtures.freeSpace(seed: 11)
        let link = try OneWayLink.run(
            in: world, sender: WorldFixtures.device("a", at: .zero),
            receiver: WorldFixtures.device("b", at: Vector3(x: 0, y: 0, z: -Self.distance), orientation: Self.facingBack), count: 200)
        let differences = try Self.commonClockDifferences(link)
        #expect(differences.count == 200)
        // σ ≈ 2.2 cm = 4.7 ticks per frame, so the mean of 200 is within ±1.0 tick at 3σ.
        #expect(abs(mean(differences) - Self.flightTicks) < 1.5, "mean \(mean(differences)) ticks")
    }

    @Test("uncalibrated driver (delays 0): RX − TX equals d/c plus the true TX and RX antenna delays")
    func uncalibrated() throws {
        let world = try WorldFixtures.freeSpace(seed: 12)
        let zero = try AntennaDelays(transmit: .zero, receive: .zero)
        let link = try OneWayLink.run(
            in: world, sender: WorldFixtures.device("a", at: .zero),
            receiver: WorldFixtures.device("b", at: Vector3(x: 0, y: 0, z: -Self.distance), orientation: Self.facingBack), count: 200,
            prepare: { sender, receiver in
                for driver in (sender.radio.transceivers + receiver.radio.transceivers).compactMap({ $0 as? DW1000 }) {
                    try driver.setAntennaDelays(zero)
                }
            })
        let differences = try Self.commonClockDifferences(link)
        // The board's true delays are 16436 ticks on each side (Hardware/boards calibration).
        #expect(abs(mean(differences) - (Self.flightTicks + 2 * 16_436)) < 1.5, "mean \(mean(differences)) ticks")
    }

    @Test("timestamp noise at −77 dBm in line of sight is the measured DW1000's: 1.4 to 3.3 cm (Kolakowski LOS links: 2.8 cm a range)")
    func noise() throws {
        let world = try WorldFixtures.freeSpace(seed: 13)
        let link = try OneWayLink.run(
            in: world, sender: WorldFixtures.device("a", at: .zero),
            receiver: WorldFixtures.device("b", at: Vector3(x: 0, y: 0, z: -Self.distance), orientation: Self.facingBack), count: 300)
        // A DS-TWR range combines four timestamps into two differences of two, so its spread is a
        // timestamp's: the measured 2.76 cm (median over 10 line-of-sight links, `Docs/reference/
        // measured-channels.md`) is 5.9 ticks; 1.4–3.3 cm is 3–7 ticks.
        let sigma = standardDeviation(try Self.commonClockDifferences(link))
        #expect(sigma > 3 && sigma < 7, "σ \(sigma) ticks")
    }
}
