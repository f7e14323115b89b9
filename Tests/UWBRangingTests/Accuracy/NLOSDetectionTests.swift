import Testing
import UWBCore

@Suite("Ranging accuracy: NLOS flag")
struct NLOSDetectionTests {
    /// The flag: NLOS likelihood ≥ 0.5.
    static func flaggedFraction(_ world: AccuracyWorld) throws -> Double {
        let results = try world.run(seconds: 1).initiatorResults()
        #expect(results.count >= 90)
        return Double(results.filter { $0.measurement.nlosLikelihood >= 0.5 }.count) / Double(max(results.count, 1))
    }

    @Test("a 12 dB wall across 5 m raises the flag on at least 80 % of measurements", arguments: ["free-space", "cm3"])
    func throughWall(channel: String) throws {
        var world = AccuracyWorld.pair(distance: 5)
        world.channel = channel
        world.walls = [(Vector3(x: -3, y: 0, z: -2.6), Vector3(x: 3, y: 2.7, z: -2.4), 12)]
        #expect(try Self.flaggedFraction(world) >= 0.8)
    }

    @Test("in line of sight at 5 m the flag is raised on at most 10 % of measurements", arguments: ["free-space", "cm3"])
    func lineOfSight(channel: String) throws {
        var world = AccuracyWorld.pair(distance: 5)
        world.channel = channel
        #expect(try Self.flaggedFraction(world) <= 0.1)
    }
}
