import DW3000Driver
import FT232H
import FT232HEmulation
import Testing
import UWBCore
import UWBEmulator

/// Two DWM3000 boards in one emulated medium, each driven through FT232HSPIBus and an emulated
/// FT232H, and the USB cost of the DW3000 driver's hot paths with an STS, as sessions range
/// (`Docs/benchmarks.md`, "USB: FT232H round trips and bytes").
@Suite("DW3000 transmit and receive through emulated FT232Hs")
struct DW3000EmulatedLinkTests {
    /// One board of the world, taken over from its emulated device, as in ``EmulatedLinkTests``.
    struct Station {
        let bus: FT232HSPIBus
        let driver: DW3000
    }

    static func station(_ device: EmulatedDevice, configuration: RadioConfig) throws -> Station {
        device.unplug()
        let link = EmulatedFT232H(board: device.board, chips: device.chips)
        let bus = try FT232HSPIBus(link: link, board: device.board, resetSettleTime: .zero)
        try bus.open()
        let driver = try DW3000(bus: bus, chip: .first)
        try driver.configure(configuration)
        return Station(bus: bus, driver: driver)
    }

    /// Channel 5 with an SP1 STS of 64 symbols, as sessions between DW3000 boards use.
    static func configuration(_ base: RadioConfig) throws -> RadioConfig {
        let secret = try SecureTimestampSecret(octets: Array(0x10...0x1F), field: "STS key")
        return base.withSecureTimestamps(
            SecureTimestampConfiguration(mode: .afterFrameDelimiter, length: .symbols64, key: secret, initializationVector: secret))
    }

    @Test("an STS frame from one DWM3000 board is received by the other through FT232Hs; USB cost printed and bounded")
    func transmitAndReceive() throws {
        let board = try FT232HFixtures.board("ft232h-dwm3000-single")
        let world = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let aliceDevice = try world.add(DeviceSetup(name: "alice", board: board, trajectory: .standing(at: Position(metres: .zero))))
        let bobDevice = try world.add(DeviceSetup(
            name: "bob", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 5, y: 0, z: 0)))))
        let configuration = try Self.configuration(world.configuration)
        let alice = try Self.station(aliceDevice, configuration: configuration)
        let bob = try Self.station(bobDevice, configuration: configuration)

        var before = bob.bus.statistics
        try bob.driver.loadSecureTimestampSequence(frame: 8)
        let loadSequence = bob.bus.statistics.since(before)
        before = bob.bus.statistics
        try bob.driver.enableReceiver(.untilTurnedOff)
        let receiverOn = bob.bus.statistics.since(before)

        let frame: [UInt8] = [0x41, 0x88, 7, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x68, 0x69]
        try alice.driver.loadSecureTimestampSequence(frame: 8)
        let start = try alice.driver.systemTime() + DeviceDuration(ticks: 128_000_000)  // ≈ 2 ms ahead
        before = alice.bus.statistics
        _ = try alice.driver.transmit(frame, at: start, awaiting: nil)
        let delayedTransmit = alice.bus.statistics.since(before)

        world.run(until: world.simulator.now + .milliseconds(5))
        #expect(try bob.bus.waitForInterrupt(on: .first, until: .now) == true, "IRQ high after the frame")
        before = bob.bus.statistics
        let events = try bob.driver.handleInterrupt()
        let interrupt = bob.bus.statistics.since(before)
        let received = events.compactMap { if case .frameReceived(let received) = $0 { received } else { nil } }
        #expect(received.count == 1)
        #expect(received.first.map { Array($0.frame.prefix(frame.count)) } == frame)
        #expect(received.first?.diagnostics.secureTimestamp?.isGood == true, "the same STS frame number on both sides")

        print("FT232H cost (DW3000), loadSecureTimestampSequence(frame:): \(loadSequence)")
        print("FT232H cost (DW3000), enableReceiver(.untilTurnedOff): \(receiverOn)")
        print("FT232H cost (DW3000), transmit(_:at:awaiting:): \(delayedTransmit)")
        print("FT232H cost (DW3000), handleInterrupt after a good STS frame: \(interrupt)")
        // Writes alone cost no round trip: loading the sequence and turning the receiver on.
        #expect(loadSequence.roundTrips == 0 && loadSequence.bulkWrites == 2)
        #expect(receiverOn.roundTrips == 0)
        // SYS_STATUS with TX_TIME and RX_FINFO read ahead, then the frame and its 12 diagnostic
        // registers together (one at a time it took 15 round trips).
        #expect(interrupt.roundTrips == 2)
        // The writes and DTX, then the late check.
        #expect(delayedTransmit.roundTrips == 1)
        // Answering a frame (reading it, loading the next frame's STS, sending the reply) costs
        // what the DW1000's does, which the USB timing's host allowance covers (`RangingTiming.usb(for:)`).
        let answer = interrupt.roundTrips + loadSequence.roundTrips + delayedTransmit.roundTrips
        #expect(answer == 3, "answering a frame costs \(answer) round trips")
    }
}
