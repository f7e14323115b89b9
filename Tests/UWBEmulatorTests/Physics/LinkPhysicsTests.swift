import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// Received level, frame loss and a wall, against hand-derived free-space values:
/// level(d) = −14.3 dBm − 48.692 dB − 20·log10(d / 1 m) at 6489.6 MHz.
@Suite("Emulator physics: levels, sensitivity and walls")
struct LinkPhysicsTests {
    static func freeSpaceLevel(_ metres: Double) -> Double {
        -14.3 - 48.692 - 20 * log10(metres)
    }

    static func link(at metres: Double, count: Int, seed: UInt64, obstacles: [Obstacle] = []) throws -> OneWayLink {
        try OneWayLink.run(
            in: WorldFixtures.freeSpace(seed: seed, obstacles: obstacles),
            sender: WorldFixtures.device("a", at: .zero),
            receiver: WorldFixtures.device("b", at: Vector3(x: metres, y: 0, z: 0)), count: count)
    }

    @Test("the driver reads back the free-space level within 0.5 dB", arguments: [2.0, 5.0, 10.0, 20.0])
    func receivedLevel(metres: Double) throws {
        let link = try Self.link(at: metres, count: 10, seed: 31)
        #expect(link.receptions.count == 10)
        for reception in link.receptions {
            let diagnostics = reception.frame.diagnostics
            #expect(abs(diagnostics.receivedLevel.dBm - Self.freeSpaceLevel(metres)) < 0.5)
            // In line of sight the first path is the model's 3 dB below the total.
            #expect(abs(diagnostics.firstPathLevel.dBm - (Self.freeSpaceLevel(metres) - 3)) < 0.5)
        }
    }

    /// The success probability is 0.9 for 20 octets at the 6.8 Mbps sensitivity (−93 dBm) with a
    /// 1 dB logistic waterfall; a 12-octet frame succeeds with P₂₀^(12/20). Distances put the level
    /// at −90, −93 and −96 dBm: P = 0.997, 0.939 and 0.494.
    @Test("frame loss rises near the sensitivity", arguments: [(22.39, 0.997), (31.63, 0.939), (44.68, 0.494)])
    func lossNearSensitivity(metres: Double, expected: Double) throws {
        let count = 300
        let link = try Self.link(at: metres, count: count, seed: 32)
        let fraction = Double(link.receptions.count) / Double(count)
        let tolerance = 3 * (expected * (1 - expected) / Double(count)).squareRoot() + 0.01
        #expect(abs(fraction - expected) < tolerance, "received \(fraction) at \(metres) m")
    }

    @Test("a 10 dB wall lowers the level by 10 dB, the first path by 10 dB more, and stamps late")
    func wall() throws {
        let distance = 5.015
        let wall = try Obstacle(
            name: "wall", minimum: Position(metres: Vector3(x: 2.4, y: -2, z: -2)),
            maximum: Position(metres: Vector3(x: 2.6, y: 2, z: 2)), attenuation: PowerRatio(decibels: 10))
        let open = try Self.link(at: distance, count: 300, seed: 33)
        let blocked = try Self.link(at: distance, count: 300, seed: 33, obstacles: [wall])
        let blockedLevels = blocked.receptions.map(\.frame.diagnostics)
        #expect(blockedLevels.count > 290)
        #expect(abs(mean(blockedLevels.map(\.receivedLevel.dBm)) - (Self.freeSpaceLevel(distance) - 10)) < 0.5)
        #expect(abs(mean(blockedLevels.map(\.firstPathLevel.dBm)) - (Self.freeSpaceLevel(distance) - 10 - 3 - 10)) < 0.5)
        // The first path comes late: the NLOS excess delay (exponential, mean 0.5 m of light
        // time) plus APS011's bias at −87 dBm (64 MHz PRF: +6.2 cm instead of 0 at −77 dBm).
        let shift = (mean(try TimestampPhysicsTests.commonClockDifferences(blocked))
            - mean(try TimestampPhysicsTests.commonClockDifferences(open))) * DeviceDuration(ticks: 1).lightTravelDistance.metres
        #expect(shift > 0)
        #expect(abs(shift - 0.562) < 0.1, "shift \(shift) m")
    }
}
