import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// Collisions need the interferer in a band that overlaps the wanted frame's: a DW3000 sending on
/// channel 9 (7987.2 MHz) beside a channel-5 (6489.6 MHz) link leaves it alone, whatever its level.
@Suite("Collisions across channels: only a frame in an overlapping band spoils a reception")
struct CrossChannelCollisionTests {
    /// Bob, a DW1000 on channel 5, listens at the origin; alice (3 m away) sends a 110-octet
    /// payload at 1 ms and carol, a DWM3000 as close, a 4-octet frame at 1.02 ms (inside alice's
    /// at bob) on `carolChannel`. Returns bob's statistics.
    static func run(carolChannel: Channel) throws -> DeviceStatistics {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("bob", at: .zero), application: CollisionTests.listener())
        try world.add(WorldFixtures.device("alice", at: Vector3(x: 0, y: 0, z: -3)),
                      application: CollisionTests.sender(at: .milliseconds(1), payload: 110))
        var carol = try WorldFixtures.device("carol", at: Vector3(x: 0.1, y: 0, z: -3), boardID: "ft232h-dwm3000-single")
        carol.configuration = try RadioConfig.ranging.on(carolChannel)
        try world.add(carol, application: CollisionTests.sender(at: .microseconds(1_020), payload: 4))
        world.run(until: SimulationTime(seconds: 0.01))
        #expect(world.statistics[2].sent == 1, "carol sent \(world.statistics[2].sent) frames")
        return world.statistics[0]
    }

    @Test("carol's frame on channel 5, as strong as alice's, spoils alice's frame at bob")
    func sameChannelSpoils() throws {
        let bob = try Self.run(carolChannel: .five)
        #expect(bob.collided == 1)
        #expect(bob.received == 0)
    }

    @Test("carol's frame on channel 9, as strong, leaves alice's channel-5 frame intact at bob")
    func otherChannelLeavesItAlone() throws {
        let bob = try Self.run(carolChannel: .nine)
        #expect(bob.collided == 0)
        #expect(bob.received == 1)
    }
}
