import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Emulated world: the real driver on virtual chips")
struct SmokeTests {
    @Test("two scripted devices 3 m apart hear each other's frames")
    func scriptedPair() throws {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("alice", at: .zero),
                      application: { ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(10), payloadLength: 16, address: 1) })
        try world.add(WorldFixtures.device("bob", at: Vector3(x: 0, y: 0, z: -3)),
                      application: { ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(60), payloadLength: 16, address: 2) })
        world.run(until: SimulationTime(seconds: 1))
        let statistics = world.statistics
        #expect(statistics.map(\.sent) == [10, 10])
        #expect(statistics.map(\.received) == [10, 10])
        #expect(world.devices.allSatisfy { $0.radio.errors.isEmpty })
    }
}
