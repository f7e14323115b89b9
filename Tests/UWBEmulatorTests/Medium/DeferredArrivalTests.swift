import Testing
import UWBCore
@testable import UWBEmulator

/// A frame carried to a chip whose receiver is not hunting waits in the chip's port and is queued
/// only if the receiver starts hunting before the preamble arrives: these tests turn the receiver
/// on at chosen instants around one frame's carriage and arrival and check that the chip locks
/// onto the frame exactly when it would had every arrival been queued when it was carried.
@Suite("Deferred arrivals: a chip locks onto a frame if and only if it hunts when the preamble arrives")
struct DeferredArrivalTests {
    /// When the receiver starts hunting, relative to the frame.
    enum Moment: String, CaseIterable, CustomStringConvertible {
        case beforeCarriage = "before the frame is carried"
        case betweenCarriageAndArrival = "after the frame is carried, before its preamble arrives"
        case atArrival = "the instant its preamble arrives, before the arrival in the queue's order"
        case afterArrival = "a picosecond after its preamble arrives"

        var description: String { rawValue }
    }

    /// Alice sends one frame every 100 ms from 10 ms on; bob, `distance` metres away (30 m:
    /// 100 ns of flight), does nothing of his own. His receiver is turned on at `moment` around
    /// alice's first frame; returns bob's statistics after 50 ms, when that frame is long over.
    static func bob(huntingFrom moment: Moment, distance: Double = 30) throws -> DeviceStatistics {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("alice", at: .zero)) {
            ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(10), payloadLength: 16, address: 1)
        }
        try world.add(WorldFixtures.device("bob", at: Vector3(x: distance, y: 0, z: 0))) { ClosureApplication(on: $0) }
        let chip = world.medium.nodes[1].chips[0]
        let port = try #require(chip.attachedPort)
        let hunt = { chip.receiver = .listening(from: world.simulator.now, timeout: nil) }
        if moment == .beforeCarriage {
            world.simulator.schedule(at: SimulationTime(seconds: 0.005), hunt)
        }
        // The emulation starts its devices when it first runs; alice's first frame leaves after 10 ms.
        world.run(until: SimulationTime(seconds: 0.009))
        let limit = SimulationTime(seconds: 0.05)
        while port.arrivals.isEmpty, world.simulator.step(notAfter: limit) {}
        let carried = world.simulator.now
        let start = try #require(port.arrivals.first).start
        #expect(start > carried)
        switch moment {
        case .beforeCarriage: break
        case .betweenCarriageAndArrival:
            world.simulator.schedule(at: SimulationTime(picoseconds: (carried.picoseconds + start.picoseconds) / 2), hunt)
        case .atArrival: world.simulator.schedule(at: start, hunt)
        case .afterArrival: world.simulator.schedule(at: SimulationTime(picoseconds: start.picoseconds + 1), hunt)
        }
        world.run(until: limit)
        return world.statistics[1]
    }

    @Test("the chip locks onto the frame if it hunts when the preamble arrives", arguments: Moment.allCases)
    func locksIfHunting(moment: Moment) throws {
        let statistics = try Self.bob(huntingFrom: moment)
        switch moment {
        case .beforeCarriage, .betweenCarriageAndArrival, .atArrival:
            // At the instant itself, frames arriving come after the events of that instant that are not
            // arrivals (`EventKey`): had the arrival been queued when the frame was carried, it would run
            // after the event that turns the receiver on, so the chip locks onto it.
            #expect(statistics.received == 1)
        case .afterArrival:
            #expect(statistics.received == 0)
            #expect(statistics.lost == 0)
        }
    }

    /// Far enough that alice's frames reach bob below what his chip can detect (−112.5 dBm in free
    /// space against −99 dBm at 6.8 Mbps), above the floor below which the medium does not carry them
    /// (−118 dBm).
    static let undetectableDistance = 300.0

    @Test("a preamble too weak to detect is lost if and only if the chip hunts when it arrives", arguments: Moment.allCases)
    func undetectableLostIfHunting(moment: Moment) throws {
        let statistics = try Self.bob(huntingFrom: moment, distance: Self.undetectableDistance)
        #expect(statistics.received == 0)
        switch moment {
        case .beforeCarriage, .betweenCarriageAndArrival, .atArrival:
            // Kept back while the receiver was off, its event is made and queued when it starts hunting.
            #expect(statistics.lost == 1)
        case .afterArrival:
            #expect(statistics.lost == 0)
        }
    }
}
