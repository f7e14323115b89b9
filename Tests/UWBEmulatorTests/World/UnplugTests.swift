import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Unplugging an emulated board")
struct UnplugTests {
    /// Whether `error` says the bus is disconnected.
    static func isDisconnected(_ error: SPIBusError?) -> Bool {
        if case .disconnected = error { true } else { false }
    }

    /// Whether `error` says the radio's bus is disconnected.
    static func isDisconnected(_ error: TransceiverError?) -> Bool {
        if case .bus(let bus) = error { isDisconnected(bus) } else { false }
    }

    @Test("after VirtualBoardBus.unplug() every operation throws SPIBusError.disconnected")
    func busUnplugged() throws {
        let bus = VirtualBoardBus(chips: [ChipBench().addChip()])
        let readDeviceID = SPITransaction(header: [0x00], body: .read(count: 4))
        #expect(try bus.transfer(readDeviceID, on: .first) == [0x30, 0x01, 0xCA, 0xDE], "the attached bus works")
        bus.unplug()
        #expect(!bus.isAttached)
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) { try bus.transfer(readDeviceID, on: .first) }))
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) { try bus.transferReadingValue(readDeviceID, on: .first) }))
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) {
            try bus.transferWritingValue(0x1234, count: 2, header: [0x83], on: .first)
        }))
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) {
            try bus.transfer([readDeviceID, readDeviceID], on: .first)
        }))
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) { try bus.waitForInterrupt(on: .first, until: .now) }))
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) { try bus.reset(.first) }))
        #expect(Self.isDisconnected(#expect(throws: SPIBusError.self) { try bus.transfer(readDeviceID, on: try ChipSelect(5)) }),
                "unplugged comes before a wrong chip select")
    }

    @Test("after EmulatedDevice.unplug() every driver operation throws TransceiverError.bus(.disconnected)")
    func driverUnplugged() throws {
        let world = try WorldFixtures.freeSpace()
        let device = try world.add(WorldFixtures.device("alice", at: .zero))
        let radio = device.radio.primary
        _ = try radio.systemTime()
        device.unplug()
        #expect(!device.isAttached)
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) { try radio.configure(world.configuration) }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) { try radio.systemTime() }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) {
            try radio.transmit([0x41, 0x88, 0, 0xCA, 0xDE, 1, 0, 2, 0], at: DeviceTime(wrapping: 1 << 30), awaiting: nil)
        }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) {
            try radio.transmitImmediately([0x41, 0x88, 0, 0xCA, 0xDE, 1, 0, 2, 0], awaiting: nil)
        }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) { try radio.enableReceiver(.untilTurnedOff) }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) { try radio.turnOff() }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) { try radio.handleInterrupt() }))
        #expect(Self.isDisconnected(#expect(throws: TransceiverError.self) { try radio.waitForInterrupt(until: .now) }))
    }

    /// A listener 3 m from a talker that sends its first frame at 10 ms, unplugged at `unplug` if
    /// given, run for 50 ms.
    static func listen(unpluggingAt unplug: Duration?) throws -> (listener: EmulatedDevice, recorder: ListeningRecorder) {
        let world = try WorldFixtures.freeSpace()
        let listener = try world.add(WorldFixtures.device("listener", at: .zero))
        let recorder = ListeningRecorder(on: listener.radio, simulator: world.simulator)
        listener.radio.adopt(recorder)
        try world.add(WorldFixtures.device("talker", at: Vector3(x: 3, y: 0, z: 0))) {
            ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(10), payloadLength: 16, address: 2)
        }
        if let unplug {
            world.simulator.schedule(after: unplug) { listener.unplug() }
        }
        world.run(until: SimulationTime(seconds: 0.05))
        #expect(recorder.startError == nil)
        return (listener, recorder)
    }

    @Test("an attached listener hears the talker's frame and no error")
    func attachedListener() throws {
        let (listener, recorder) = try Self.listen(unpluggingAt: nil)
        #expect(recorder.events.contains { if case .frameReceived = $0.event { true } else { false } })
        #expect(recorder.errors.isEmpty && listener.radio.errors.isEmpty)
    }

    @Test("an unplugged listener's radio handler hears the disconnection when the talker's frame raises the interrupt")
    func applicationHearsUnplug() throws {
        let (listener, recorder) = try Self.listen(unpluggingAt: .milliseconds(5))
        #expect(recorder.events.isEmpty, "no event can be read from an unplugged board")
        let first = try #require(recorder.errors.first)
        #expect(first.time > SimulationTime(seconds: 0.010) && first.time < SimulationTime(seconds: 0.011),
                "heard when the frame arrived: \(first.time)")
        #expect(first.chip == 0)
        #expect(recorder.errors.allSatisfy { Self.isDisconnected($0.error) })
        #expect(listener.radio.errors.count == recorder.errors.count, "every error is also in EmulatedRadio.errors")
        #expect(recorder.errors.count == 1, "heard \(recorder.errors.count) times")
    }
}
