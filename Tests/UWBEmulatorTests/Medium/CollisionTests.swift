import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Collisions: an interferer no more than 6 dB weaker spoils the wanted frame, whatever arrives after it")
struct CollisionTests {
    /// The broadcast data frame the senders send, with `payload` octets, without its FCS (the chip adds it).
    static func frame(payload: Int) -> [UInt8] {
        (try? MACFrame(
            dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(0x0001), to: .broadcast, sequenceNumber: 1,
            payload: Array(repeating: 0x55, count: payload)).encoded(includingFCS: false)) ?? []
    }

    /// Sends one broadcast data frame with `payload` octets `at` (from the start of the run).
    static func sender(at time: Duration, payload: Int) -> (EmulatedRadio) -> ClosureApplication {
        { ClosureApplication(on: $0, onStart: { radio in
            radio.schedule(after: time) {
                let frame = Self.frame(payload: payload)
                do throws(TransceiverError) {
                    try radio.primary.transmitImmediately(frame, awaiting: nil)
                } catch {
                    radio.record(error)
                }
            }
        }) }
    }

    /// Software that keeps its radio's receiver on from the start, after every event.
    static func listener() -> (EmulatedRadio) -> ClosureApplication {
        { ClosureApplication(
            on: $0,
            onStart: { radio in try? radio.primary.enableReceiver(.untilTurnedOff) },
            onEvent: { _, _, radio in try? radio.primary.enableReceiver(.untilTurnedOff) }) }
    }

    /// Bob listens at the origin; alice (3 m away) sends a 110-octet payload at 1 ms, carol sends a
    /// 4-octet frame at 1.02 ms from `carolDistance` (so it starts and ends inside alice's frame
    /// at bob), and, if `daveSends`, dave a 4-octet frame at 1.25 ms, after carol's has ended but
    /// before alice's has. Returns bob's statistics.
    static func run(carolDistance: Double, daveSends: Bool) throws -> DeviceStatistics {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("bob", at: .zero), application: Self.listener())
        try world.add(WorldFixtures.device("alice", at: Vector3(x: 0, y: 0, z: -3)),
                      application: Self.sender(at: .milliseconds(1), payload: 110))
        try world.add(WorldFixtures.device("carol", at: Vector3(x: 0, y: 0, z: -carolDistance)),
                      application: Self.sender(at: .microseconds(1_020), payload: 4))
        if daveSends {
            try world.add(WorldFixtures.device("dave", at: Vector3(x: 0, y: 0, z: -40)),
                          application: Self.sender(at: .microseconds(1_250), payload: 4))
        }
        world.run(until: SimulationTime(seconds: 0.01))
        return world.statistics[0]
    }

    @Test("carol's frame, as strong as alice's, spoils alice's frame at bob", arguments: [false, true])
    func spoiled(daveSends: Bool) throws {
        let bob = try Self.run(carolDistance: 3, daveSends: daveSends)
        #expect(bob.collided == 1)
        #expect(bob.received == 0)
    }

    @Test("carol's frame more than 6 dB weaker (12 m: 12 dB in free space) is captured over")
    func captured() throws {
        let bob = try Self.run(carolDistance: 12, daveSends: true)
        #expect(bob.collided == 0)
        #expect(bob.received == 1)
    }
}
