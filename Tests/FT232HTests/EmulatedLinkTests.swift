import DW1000Driver
import FT232H
import FT232HEmulation
import Testing
import UWBCore
import UWBEmulator

/// Two boards in one emulated medium, each driven through FT232HSPIBus and an emulated FT232H,
/// and the USB cost of the driver's hot paths.
@Suite("Transmit and receive through emulated FT232Hs")
struct EmulatedLinkTests {
    /// One board of the world, taken over from its emulated device: the device's own bus is
    /// unplugged so that its radio loop leaves the chips alone, and an emulated FT232H drives them.
    struct Station {
        let link: EmulatedFT232H
        let bus: FT232HSPIBus
        let driver: DW1000
    }

    static func station(_ device: EmulatedDevice, configuration: RadioConfig) throws -> Station {
        device.unplug()
        let link = EmulatedFT232H(board: device.board, chips: device.chips)
        let bus = try FT232HSPIBus(link: link, board: device.board, resetSettleTime: .zero)
        try bus.open()
        let driver = try DW1000Board(device.board, bus: bus).chips[0]
        try driver.configure(configuration)
        return Station(link: link, bus: bus, driver: driver)
    }

    @Test("a delayed transmission from one FT232H board is received by the other; USB cost printed")
    func transmitAndReceive() throws {
        let single = try FT232HFixtures.board("ft232h-dw1000-single")
        let world = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let aliceDevice = try world.add(DeviceSetup(name: "alice", board: single, trajectory: .standing(at: Position(metres: .zero))))
        let bobDevice = try world.add(DeviceSetup(
            name: "bob", board: single, trajectory: .standing(at: Position(metres: Vector3(x: 5, y: 0, z: 0)))))
        let alice = try Self.station(aliceDevice, configuration: world.configuration)
        let bob = try Self.station(bobDevice, configuration: world.configuration)

        // One register read of SYS_STATUS (0x0F, 5 octets), as the driver's RegisterPort reads it.
        var before = bob.bus.statistics
        _ = try bob.bus.transferReadingValue(SPITransaction(header: [0x0F], body: .read(count: 5)), on: .first)
        let statusRead = bob.bus.statistics.since(before)

        before = bob.bus.statistics
        try bob.driver.enableReceiver(.untilTurnedOff)
        let receiverOn = bob.bus.statistics.since(before)
        #expect(try bob.bus.waitForInterrupt(on: .first, until: .now) == false)

        let frame: [UInt8] = [0x41, 0x88, 7, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x68, 0x69]
        let start = try alice.driver.systemTime() + DeviceDuration(ticks: 128_000_000)  // ≈ 2 ms ahead
        before = alice.bus.statistics
        _ = try alice.driver.transmit(frame, at: start, awaiting: nil)
        let delayedTransmit = alice.bus.statistics.since(before)

        world.run(until: world.simulator.now + .milliseconds(5))
        #expect(try bob.bus.waitForInterrupt(on: .first, until: .now) == true, "IRQ (ADBUS5) high after the frame")
        before = bob.bus.statistics
        let events = try bob.driver.handleInterrupt()
        let interrupt = bob.bus.statistics.since(before)
        let received = events.compactMap { if case .frameReceived(let received) = $0 { received } else { nil } }
        #expect(received.count == 1)
        #expect(received.first.map { Array($0.frame.prefix(frame.count)) } == frame)
        #expect(try bob.bus.waitForInterrupt(on: .first, until: .now) == false, "the driver cleared the events")

        #expect(statusRead.roundTrips == 1 && statusRead.bulkWrites == 1 && statusRead.bulkReads == 1)
        // Batched: SYS_STATUS, TX_STAMP and RX_FINFO, then the six reception reads with the clear.
        #expect(interrupt.roundTrips == 2 && interrupt.bulkWrites == 2)
        // The writes, DX_TIME, the start and the late check in one batch.
        #expect(delayedTransmit.roundTrips == 1 && delayedTransmit.bulkWrites == 1)
        // No timeout and RXWTOE already off: the start alone, one OUT transfer.
        #expect(receiverOn.roundTrips == 0 && receiverOn.bulkWrites == 1)
        print("FT232H cost, SYS_STATUS read: \(statusRead)")
        print("FT232H cost, handleInterrupt after a good frame: \(interrupt)")
        print("FT232H cost, transmit(_:at:awaiting:): \(delayedTransmit)")
        print("FT232H cost, enableReceiver(.untilTurnedOff): \(receiverOn)")
    }
}
