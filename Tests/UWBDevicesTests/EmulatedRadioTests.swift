import Dispatch
import Foundation
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBTestSupport

@Suite("EmulatedRadio: a device of an in-process emulation as a RadioHost")
struct EmulatedRadioTests {
    /// A free-space world with single-chip devices called `names`, 2 m apart along x.
    static func world(_ names: [String]) throws -> Emulation {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let world = Emulation(seed: 3, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        for (index, name) in names.enumerated() {
            try world.add(DeviceSetup(
                name: name, board: board,
                trajectory: .standing(at: Position(metres: Vector3(x: 2 * Double(index), y: 0, z: 0)))))
        }
        return world
    }

    @Test("a device the emulation does not have is refused with the names it has")
    func noSuchDevice() throws {
        let world = try Self.world(["alice", "bob"])
        #expect(throws: DeviceChoiceError.noSuchEmulatedDevice("nobody", available: ["alice", "bob"])) {
            try EmulatedRadio("nobody", in: world)
        }
        #expect(throws: DeviceChoiceError.noSuchEmulatedDevice("alice", available: [])) {
            try EmulatedRadio("alice", in: try Self.world([]))
        }
    }

    @Test("the radio describes its device: name, kind, board, configuration and drivers")
    func properties() throws {
        let world = try Self.world(["alice", "bob"])
        let radio = try EmulatedRadio("bob", in: world)
        let device = try #require(world.devices.last)
        #expect(radio.name == "emulator:bob")
        #expect(radio.kind == .emulated)
        #expect(radio.device === device)
        #expect(radio.board == device.board)
        #expect(radio.configuration == world.configuration)
        #expect(radio.transceivers.count == device.board.chips.count)
        #expect(radio.transceivers.first === device.radio.primary)
    }

    @Test("now is the simulator's time")
    func now() throws {
        let world = try Self.world(["alice"])
        let radio = try EmulatedRadio("alice", in: world)
        #expect(radio.now == .zero)
        world.run(until: SimulationTime(seconds: 0.0125))
        #expect(radio.now == .microseconds(12_500))
        #expect(radio.now == world.simulator.now - .zero)
    }

    @Test("work posted from another thread runs on the simulator during the next run, at its current time")
    func postFromAnotherThread() throws {
        let world = try Self.world(["alice"])
        let radio = try EmulatedRadio("alice", in: world)
        world.run(until: SimulationTime(seconds: 0.003))
        let log = PostedWorkLog<Duration>()
        let posted = DispatchGroup()
        DispatchQueue.global().async(group: posted) {
            radio.post { log.record(radio.now) }
            radio.post { log.record(radio.now + .nanoseconds(1)) }
        }
        posted.wait()
        #expect(log.values.isEmpty, "nothing runs until the simulator runs")
        world.run(until: SimulationTime(seconds: 0.005))
        #expect(log.values == [.milliseconds(3), .milliseconds(3) + .nanoseconds(1)], "in order, at the run's start")
    }

    @Test("schedule(after:) runs work after that much virtual time")
    func schedule() throws {
        let world = try Self.world(["alice"])
        let radio = try EmulatedRadio("alice", in: world)
        var times: [Duration] = []
        radio.schedule(after: .milliseconds(2)) { times.append(radio.now) }
        world.run(until: SimulationTime(seconds: 0.005))
        #expect(times == [.milliseconds(2)])
    }
}
