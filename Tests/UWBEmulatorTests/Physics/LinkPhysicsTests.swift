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
            // Free space has one path: the three taps after the first path hold nearly all of it, their
            // magnitudes as the LDE approximates them (0.88–1.03 of the true ones by the carrier's phase:
            // −0.3 to +1.1 dB more between the levels).
            #expect((-0.8...2.1).contains(diagnostics.receivedLevel.dBm - diagnostics.firstPathLevel.dBm))
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

    /// A wall across the line from (0, 0, 0) to (5.015, 0, 0), 4 m square, `thickness` thick round x = 2.5.
    static func wall(_ make: (Position, Position) throws -> Obstacle) throws -> Obstacle {
        try make(Position(metres: Vector3(x: 2.45, y: -2, z: -2)), Position(metres: Vector3(x: 2.55, y: 2, z: 2)))
    }

    /// The range bias APS011 gives at `level` (64 MHz PRF, a 500 MHz channel), in metres.
    static func bias(_ level: Double) -> Double {
        RangeBiasTable.bias(receivedLevel: PowerLevel(dBm: level), prf: .sixtyFourMegahertz, wideband: false).metres
    }

    /// How far the blocked link's mean RX − TX on a common clock lies from the open one's, in metres.
    static func shift(_ blocked: OneWayLink, from open: OneWayLink) throws -> Double {
        (mean(try TimestampPhysicsTests.commonClockDifferences(blocked))
            - mean(try TimestampPhysicsTests.commonClockDifferences(open))) * DeviceDuration(ticks: 1).lightTravelDistance.metres
    }

    @Test("a 10 dB wall given by its attenuation alone lowers every path 10 dB in free space, the first path stays first, and the range moves only by the chip's bias at the lower level")
    func attenuationWall() throws {
        let distance = 5.015
        let wall = try Self.wall { try Obstacle(name: "wall", minimum: $0, maximum: $1, attenuation: PowerRatio(decibels: 10)) }
        let open = try Self.link(at: distance, count: 300, seed: 33)
        let blocked = try Self.link(at: distance, count: 300, seed: 33, obstacles: [wall])
        let blockedLevels = blocked.receptions.map(\.frame.diagnostics)
        #expect(blockedLevels.count > 290)
        #expect(abs(mean(blockedLevels.map(\.receivedLevel.dBm)) - (Self.freeSpaceLevel(distance) - 10)) < 0.5)
        #expect(abs(mean(blockedLevels.map(\.firstPathLevel.dBm)) - mean(blockedLevels.map(\.receivedLevel.dBm))) < 1)
        // The path round the wall's edge (2 m off the line, 1.40 m longer, J(ν = 11.8) = 34.3 dB) is 28 dB
        // under the one through it. APS011 at −87 dBm: +6.2 cm, 0 at −77 dBm.
        let shift = try Self.shift(blocked, from: open)
        #expect(abs(shift - (Self.bias(-87) - Self.bias(-77))) < 0.02, "shift \(shift) m")
    }

    @Test("a 0 dB obstacle of no thickness across the line changes nothing at all")
    func transparentObstacle() throws {
        let nothing = try Self.wall { low, _ in
            try Obstacle(name: "nothing", minimum: low, maximum: low, attenuation: PowerRatio(decibels: 0))
        }
        let glassless = try Self.wall {
            try Obstacle(name: "air", minimum: $0, maximum: $1, material: .concrete, thickness: Distance(metres: 0))
        }
        let open = try Self.link(at: 5.015, count: 50, seed: 35)
        for obstacle in [nothing, glassless] {
            let crossed = try Self.link(at: 5.015, count: 50, seed: 35, obstacles: [obstacle])
            #expect(crossed.receptions.map(\.frame) == open.receptions.map(\.frame), "obstacle \(obstacle.name)")
        }
    }

    @Test("10 cm of concrete delays the direct path by (n − 1)·d = 12.9 cm and weakens it by 15.7 dB on channel 5 (ITU-R P.2040 with the slab's faces)")
    func concreteWall() throws {
        let distance = 5.015
        let wall = try Self.wall {
            try Obstacle(name: "concrete", minimum: $0, maximum: $1, material: .concrete, thickness: Distance(metres: 0.1))
        }
        let open = try Self.link(at: distance, count: 300, seed: 34)
        let blocked = try Self.link(at: distance, count: 300, seed: 34, obstacles: [wall])
        // ε′ = 5.24 and σ = 0.0462·6.4896^0.7822 = 0.1995 S/m: √(ε′ − jσ/(ωε₀)) = 2.2923 − 0.1205j, so the
        // slab is 12.92 cm of light time late; e^(−2·ω·κ·d/c) is −14.24 dB inside and each face reflects
        // |r|² = 0.1552: the Airy formula averaged over the 499.2 MHz band gives 15.67 dB (worked in
        // Python from the P.2040 table; `Docs/reference/channel-and-receiver.md` §4 has 15.7).
        // At −92.7 dBm, near the −93 dBm sensitivity, about 95 % of the frames arrive (the waterfall of
        // `lossNearSensitivity`: 285 of 300, give or take 4): a shortfall beyond 6 standard deviations is a fault.
        let levels = blocked.receptions.map(\.frame.diagnostics.receivedLevel.dBm)
        #expect(levels.count > 260)
        let level = mean(levels)
        #expect(abs(level - (Self.freeSpaceLevel(distance) - 15.7)) < 0.7)
        let shift = try Self.shift(blocked, from: open)
        #expect(abs(shift - (0.1292 + Self.bias(level) - Self.bias(-77))) < 0.02, "shift \(shift) m")
    }

    @Test("a metal plate leaves only the path round its edge: weaker by the knife edge's loss, and late by the detour")
    func metalPlate() throws {
        // A 0.4 m square plate halfway along a 2 m link: its nearest edge is 0.2 m off the line, 1 m from
        // each end. Detour: 2·√(1 + 0.04) − 2 = 0.0396 m longer; ν = 0.2·√(2·2/(0.046196·1·1)) = 1.861,
        // J(ν) = 6.9 + 20·log₁₀(√(1.761² + 1) + 1.761) = 18.46 dB (ITU-R P.526 eq. 31). Free space at 2 m:
        // −14.3 − 48.692 − 6.021 = −69.01 dBm, so −87.47 dBm behind the plate.
        let plate = try Obstacle(
            name: "plate", minimum: Position(metres: Vector3(x: 1, y: -0.2, z: -0.2)),
            maximum: Position(metres: Vector3(x: 1, y: 0.2, z: 0.2)), material: .metal, thickness: Distance(metres: 0.002))
        let open = try Self.link(at: 2, count: 300, seed: 36)
        let blocked = try Self.link(at: 2, count: 300, seed: 36, obstacles: [plate])
        let levels = blocked.receptions.map(\.frame.diagnostics.receivedLevel.dBm)
        #expect(levels.count > 250)
        let level = mean(levels)
        #expect(abs(level - -87.47) < 1)
        let shift = try Self.shift(blocked, from: open)
        #expect(abs(shift - (0.0396 + Self.bias(level) - Self.bias(-69.01))) < 0.03, "shift \(shift) m")
    }
}
