import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// A dual-chip board (antennas 20.8 mm apart along x, one clock) and a transmitter 5 m away at
/// angle θ from the board's −z axis in the horizontal plane: the plane-wave phase difference is
/// Δφ = 2π·d·sin θ / λ plus the board's phase offset, wrapped to (−π, π].
@Suite("Emulator physics: phase difference on a dual-chip board")
struct PhaseDifferencePhysicsTests {
    static let offset = 0.7
    /// Frames per angle.
    static let frames = 160

    @Test("Δφ = 2π·d·sinθ/λ + offset", arguments: [-60.0, -30.0, 0.0, 30.0, 60.0])
    func planeWave(degrees: Double) throws {
        let theta = degrees * .pi / 180
        let board = try WorldFixtures.board("ft232h-dw1000-dual")
        let receiver = DeviceSetup(
            name: "board", board: board,
            hardware: [0, Self.offset].enumerated().map { index, phase in
                ChipHardware(
                    transmitAntennaDelay: DeviceDuration(ticks: 16_436), receiveAntennaDelay: DeviceDuration(ticks: 16_436),
                    phaseOffset: Angle(radians: phase), extendedUniqueIdentifier: UInt64(index))
            },
            trajectory: .standing(at: .origin))
        let link = try OneWayLink.run(
            in: WorldFixtures.freeSpace(seed: 41),
            sender: WorldFixtures.device("tag", at: Vector3(x: 5 * sin(theta), y: 0, z: -5 * cos(theta))),
            receiver: receiver, count: Self.frames)
        let first = link.receptions.filter { $0.chip == 0 }
        let second = link.receptions.filter { $0.chip == 1 }
        #expect(first.count == Self.frames && second.count == Self.frames)
        let differences = zip(first, second).compactMap { pair -> Double? in
            guard let a = pair.0.frame.diagnostics.firstPathPhase, let b = pair.1.frame.diagnostics.firstPathPhase else { return nil }
            return (b - a).wrapped.radians
        }
        #expect(differences.count == Self.frames)
        let wavelength = 299_792_458 / 6_489.6e6
        let expected = Angle(radians: 2 * .pi * 0.0208 * sin(theta) / wavelength + Self.offset).wrapped.radians
        // Circular mean, so that values either side of ±π average correctly.
        let measured = atan2(mean(differences.map(sin)), mean(differences.map(cos)))
        // Each frame's Δφ scatters by about 0.2 rad (the two chips' phase noise): the mean must lie within
        // four of its standard errors, and the scatter be no wider than the chips' noise allows.
        let spread = (differences.map { pow(Angle(radians: $0 - measured).wrapped.radians, 2) }.reduce(0, +) / Double(Self.frames)).squareRoot()
        #expect(spread < 0.3, "Δφ spread \(spread) rad")
        #expect(abs(Angle(radians: measured - expected).wrapped.radians) < 4 * spread / Double(Self.frames).squareRoot(),
                "Δφ \(measured) rad, expected \(expected), spread \(spread) rad")
    }
}
