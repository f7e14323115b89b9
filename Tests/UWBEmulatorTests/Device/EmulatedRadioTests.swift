import Dispatch
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

@Suite("EmulatedRadio: an emulated device's radio as a RadioHost")
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
        #expect(throws: EmulationError.unknownDevice("nobody", available: ["alice", "bob"])) {
            try world.radio("nobody")
        }
        #expect(throws: EmulationError.unknownDevice("alice", available: [])) {
            try Self.world([]).radio("alice")
        }
        #expect(EmulationError.unknownDevice("nobody", available: ["alice", "bob"]).description
            == "the emulation has no device called \"nobody\"; its devices are \"alice\", \"bob\"")
        #expect(EmulationError.unknownDevice("nobody", available: []).description.hasSuffix("its devices are none"))
    }

    @Test("the radio describes its device: name, kind, board, configuration and drivers")
    func properties() throws {
        let world = try Self.world(["alice", "bob"])
        let radio = try world.radio("bob")
        let device = try #require(world.devices.last)
        #expect(radio === device.radio)
        #expect(radio.name == "emulator:bob")
        #expect(radio.kind == .emulated)
        #expect(radio.board == device.board)
        #expect(radio.configuration == world.configuration)
        #expect(radio.transceivers.count == device.board.chips.count)
        #expect(radio.transceivers.first === radio.primary)
    }

    @Test("now is the simulator's time")
    func now() throws {
        let world = try Self.world(["alice"])
        let radio = try world.radio("alice")
        #expect(radio.now == .zero)
        world.run(until: SimulationTime(seconds: 0.0125))
        #expect(radio.now == .microseconds(12_500))
        #expect(radio.now == world.simulator.now - .zero)
    }

    @Test("work posted from another thread runs on the simulator during the next run, at its current time")
    func postFromAnotherThread() throws {
        let world = try Self.world(["alice"])
        let radio = try world.radio("alice")
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
        let radio = try world.radio("alice")
        var times: [Duration] = []
        radio.schedule(after: .milliseconds(2)) { times.append(radio.now) }
        world.run(until: SimulationTime(seconds: 0.005))
        #expect(times == [.milliseconds(2)])
    }
}

/// A handler that counts what its radio's loop told it.
private final class CountingHandler: RadioEventHandler {
    var starts = 0
    var events = 0

    func radioStarted() {
        starts += 1
    }

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        events += 1
    }
}

@Suite("EmulatedRadio: the software on an emulated radio")
struct EmulatedRadioHandlerTests {
    /// Alice sends a frame every 10 ms from 1 ms on; bob, 2 m away, listens.
    static func world() throws -> (world: Emulation, bob: EmulatedRadio) {
        let world = try EmulatedRadioTests.world(["alice"])
        try world.add(DeviceSetup(
            name: "bob", board: world.devices[0].board,
            trajectory: .standing(at: Position(metres: Vector3(x: 2, y: 0, z: 0))))) {
            ClosureApplication(on: $0, onStart: { try? $0.primary.enableReceiver(.untilTurnedOff) },
                               onEvent: { _, _, radio in try? radio.primary.enableReceiver(.untilTurnedOff) })
        }
        world.devices[0].radio.adopt(ScriptedTransmitter(
            on: world.devices[0].radio, interval: .milliseconds(10), start: .milliseconds(1), payloadLength: 4, address: 1))
        return (world, try world.radio("bob"))
    }

    @Test("a handler given before the first run hears radioStarted once, when the emulation first runs")
    func startedOnce() throws {
        let world = try EmulatedRadioTests.world(["alice"])
        let handler = CountingHandler()
        world.devices[0].radio.adopt(handler)
        #expect(handler.starts == 0)
        world.run(until: SimulationTime(seconds: 0.001))
        world.run(until: SimulationTime(seconds: 0.002))
        #expect(handler.starts == 1)
        let late = CountingHandler()
        world.devices[0].radio.adopt(late)
        world.run(until: SimulationTime(seconds: 0.003))
        #expect(late.starts == 0, "a handler given to a running loop is not told it starts")
    }

    @Test("an adopted handler is kept; an attached one is held weakly, as a RadioHost holds its handler")
    func ownership() throws {
        let world = try EmulatedRadioTests.world(["alice"])
        let radio = world.devices[0].radio
        weak var adopted: CountingHandler?
        do {
            let handler = CountingHandler()
            adopted = handler
            radio.adopt(handler)
        }
        #expect(adopted != nil && radio.handler === adopted)
        weak var attached: CountingHandler?
        do {
            let handler = CountingHandler()
            attached = handler
            radio.attach(handler)
            #expect(radio.handler === handler)
        }
        #expect(adopted == nil, "attaching lets the adopted handler go")
        #expect(attached == nil && radio.handler == nil, "nothing keeps an attached handler but its owner")
    }

    @Test("events go to the handler given last, and to none after the chips are released")
    func eventsFollowTheHandler() throws {
        let (world, bob) = try Self.world()
        world.run(until: SimulationTime(seconds: 0.015))
        let attached = CountingHandler()
        bob.attach(attached)
        try bob.primary.enableReceiver(.untilTurnedOff)
        world.run(until: SimulationTime(seconds: 0.025))
        #expect(attached.events == 1, "the frame at 21 ms (the counter does not listen again)")
        try bob.primary.enableReceiver(.untilTurnedOff)
        world.devices[1].releaseChips()
        #expect(bob.handler == nil)
        world.run(until: SimulationTime(seconds: 0.055))
        #expect(attached.events == 1, "the frames at 31, 41 and 51 ms reach no handler")
    }
}
