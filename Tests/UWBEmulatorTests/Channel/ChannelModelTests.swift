import Testing
import UWBCore
import UWBEmulator

@Suite("ChannelModel.sampleLink")
struct ChannelModelTests {
    private func point(_ x: Double, _ y: Double, _ z: Double) -> Position { Position(metres: Vector3(x: x, y: y, z: z)) }

    /// A 10 dB wall between z = −2 and z = −1, across the path from the origin to (0, 0, −3).
    private func wall(attenuation: Double = 10) throws -> Obstacle {
        try Obstacle(
            name: "wall", minimum: point(-1, -1, -2), maximum: point(1, 1, -1),
            attenuation: PowerRatio(decibels: attenuation))
    }

    @Test("a clear free-space link at 3 m on channel 5 receives −72.53 dBm with no excess delay")
    func clearLink() throws {
        // FSPL(3 m) = 48.692 + 20·log₁₀(3) = 48.692 + 9.542 = 58.234 dB; −14.3 − 58.234 = −72.534 dBm.
        // First path 3 dB below on a clear link: −75.534 dBm.
        let model = try ChannelModel(kind: .freeSpace, channel: .five)
        var random = SeededRandom(seed: 1)
        let sample = model.sampleLink(from: point(0, 0, 0), to: point(0, 0, -3), obstacles: [], random: &random)
        #expect(abs(sample.distance.metres - 3) < 1e-12)
        #expect(abs(sample.meanPathLoss.decibels - 58.234) < 0.001)
        #expect(sample.shadowing.decibels == 0)
        #expect(sample.obstacleLoss.decibels == 0)
        #expect(!sample.lineOfSightBlocked)
        #expect(sample.excessDelay == .zero)
        #expect(sample.firstPathExtraLoss.decibels == 0)
        #expect(abs(sample.receivedLevel.dBm - -72.534) < 0.001)
        #expect(abs(sample.firstPathLevel.dBm - -75.534) < 0.001)
        #expect(abs(sample.totalLoss.decibels - 58.234) < 0.001)
    }

    @Test("a blocked link adds the obstacle's attenuation and the NLOS first-path loss")
    func blockedLink() throws {
        // −72.534 − 10 (wall) = −82.534 dBm; first path 3 + 10 dB lower: −95.534 dBm.
        let model = try ChannelModel(kind: .freeSpace, channel: .five)
        var random = SeededRandom(seed: 1)
        let sample = model.sampleLink(from: point(0, 0, 0), to: point(0, 0, -3), obstacles: [try wall()], random: &random)
        #expect(sample.lineOfSightBlocked)
        #expect(sample.obstacleLoss.decibels == 10)
        #expect(sample.firstPathExtraLoss.decibels == 10)
        #expect(abs(sample.receivedLevel.dBm - -82.534) < 0.001)
        #expect(abs(sample.firstPathLevel.dBm - -95.534) < 0.001)

        // Two walls crossed: 10 + 4 = 14 dB. A wall off the path adds nothing.
        let second = try Obstacle(
            name: "screen", minimum: point(-1, -1, -2.5), maximum: point(1, 1, -2.4), attenuation: PowerRatio(decibels: 4))
        let aside = try Obstacle(
            name: "cabinet", minimum: point(5, 0, -2), maximum: point(6, 1, -1), attenuation: PowerRatio(decibels: 20))
        let both = model.sampleLink(
            from: point(0, 0, 0), to: point(0, 0, -3), obstacles: [try wall(), second, aside], random: &random)
        #expect(both.obstacleLoss.decibels == 14)
        #expect(abs(both.receivedLevel.dBm - -86.534) < 0.001)
    }

    @Test("NLOS excess delays are positive with a mean of 0.5 m of light time (1.668 ns)")
    func excessDelay() throws {
        // Exponential, mean 0.5 m / c = 1.6678 ns. N = 20 000: standard error 1.6678/√N = 0.0118 ns; five errors 0.059 ns.
        let model = try ChannelModel(kind: .freeSpace, channel: .five)
        let obstacles = [try wall()]
        var random = SeededRandom(seed: 314)
        let count = 20_000
        var sum = 0.0
        var nonPositive = 0
        for _ in 0..<count {
            let sample = model.sampleLink(from: point(0, 0, 0), to: point(0, 0, -3), obstacles: obstacles, random: &random)
            let delay = sample.excessDelay.secondsValue
            if delay <= 0 { nonPositive += 1 }
            sum += delay
        }
        #expect(nonPositive == 0)
        #expect(abs(sum / Double(count) - 1.6678e-9) < 0.059e-9)
    }

    @Test("CM1 shadowing has the tabulated 2.22 dB deviation")
    func shadowing() throws {
        // N = 20 000: standard error of the deviation 2.22/√(2N) = 0.0111 dB; five errors 0.056 dB.
        // Mean 0 with standard error 2.22/√N = 0.0157 dB; five errors 0.079 dB.
        let model = try ChannelModel(kind: .cm1, channel: .five)
        var random = SeededRandom(seed: 8)
        let count = 20_000
        var sum = 0.0
        var sumOfSquares = 0.0
        for _ in 0..<count {
            let sample = model.sampleLink(from: point(0, 0, 0), to: point(4, 0, 0), obstacles: [], random: &random)
            let value = sample.shadowing.decibels
            sum += value
            sumOfSquares += value * value
            #expect(!sample.lineOfSightBlocked)
        }
        let mean = sum / Double(count)
        #expect(abs(mean) < 0.079)
        #expect(abs((sumOfSquares / Double(count) - mean * mean).squareRoot() - 2.22) < 0.056)
    }

    @Test("in the NLOS environments every link is blocked, even without obstacles")
    func nlosEnvironments() throws {
        for kind in [ChannelModelKind.cm2, .cm4] {
            let model = try ChannelModel(kind: kind, channel: .five)
            var random = SeededRandom(seed: 3)
            let sample = model.sampleLink(from: point(0, 0, 0), to: point(2, 0, 0), obstacles: [], random: &random)
            #expect(sample.lineOfSightBlocked)
            #expect(sample.obstacleLoss.decibels == 0)
            #expect(sample.firstPathExtraLoss.decibels == 10)
        }
    }

    @Test("overrides replace the environment's parameters; a per-device TX level shifts the received level")
    func overrides() throws {
        // n = 3, PL0 = 40 dB, no shadowing: 10 m → 40 + 30 = 70 dB; −14.3 − 70 = −84.3 dBm; at 0 dBm TX: −70 dBm.
        let model = try ChannelModel(
            kind: .cm3, channel: .five, pathLossExponent: 3, referenceLoss: PowerRatio(decibels: 40),
            shadowingDeviation: PowerRatio(decibels: 0))
        var random = SeededRandom(seed: 11)
        let sample = model.sampleLink(from: point(0, 0, 0), to: point(10, 0, 0), obstacles: [], random: &random)
        #expect(abs(sample.receivedLevel.dBm - -84.3) < 1e-9)
        let loud = model.sampleLink(
            from: point(0, 0, 0), to: point(10, 0, 0), obstacles: [], transmitLevel: PowerLevel(dBm: 0),
            shadowing: PowerRatio(decibels: 0), random: &random)
        #expect(abs(loud.receivedLevel.dBm - -70) < 1e-9)
        let shadowed = model.sampleLink(
            from: point(0, 0, 0), to: point(10, 0, 0), obstacles: [], transmitLevel: PowerLevel(dBm: 0),
            shadowing: PowerRatio(decibels: 2.5), random: &random)
        #expect(abs(shadowed.receivedLevel.dBm - -72.5) < 1e-9)
        #expect(throws: ChannelModelError.negative(parameter: "shadowingDB", value: -1)) {
            try ChannelModel(kind: .cm1, channel: .five, shadowingDeviation: PowerRatio(decibels: -1))
        }
    }

    @Test("the same seed gives the same samples; blocking does not shift the stream")
    func determinism() throws {
        let model = try ChannelModel(kind: .cm1, channel: .five)
        let obstacles = [try wall()]
        var first = SeededRandom(seed: 77)
        var second = SeededRandom(seed: 77)
        var blockedFirst = SeededRandom(seed: 77)
        for _ in 0..<50 {
            let a = model.sampleLink(from: point(0, 0, 0), to: point(0, 0, -3), obstacles: [], random: &first)
            let b = model.sampleLink(from: point(0, 0, 0), to: point(0, 0, -3), obstacles: [], random: &second)
            let c = model.sampleLink(from: point(0, 0, 0), to: point(0, 0, -3), obstacles: obstacles, random: &blockedFirst)
            #expect(a == b)
            #expect(a.shadowing == c.shadowing)
        }
        #expect(first.next() == blockedFirst.next())
    }
}
