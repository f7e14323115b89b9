import FT232H
import FT232HEmulation
import Testing
import UWBCore
import UWBEmulator

/// Two boards 5 m apart in one emulated free-space medium on channel 5, each taken over from its
/// emulated device and driven through FT232HSPIBus and an emulated FT232H: the rig of the tests
/// that count a driver's USB cost (`Docs/benchmarks.md`, "USB: FT232H round trips and bytes").
struct EmulatedLinkPair {
    /// The medium.
    let world: Emulation
    /// The sending board's device and its open bus.
    let alice: (device: EmulatedDevice, bus: FT232HSPIBus)
    /// The receiving board's device and its open bus.
    let bob: (device: EmulatedDevice, bus: FT232HSPIBus)

    /// What one delayed transmission and its reception cost, and what was received.
    struct Exchange {
        let transmit: FT232HStatistics
        let interrupt: FT232HStatistics
        let received: [ReceivedFrame]
    }

    /// A data frame from 0x0001 to 0x0002 in PAN 0xDECA.
    static let frame: [UInt8] = [0x41, 0x88, 7, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x68, 0x69]

    /// A pair of boards `boardID`; each device's own bus is unplugged, so that its radio loop
    /// leaves the chips alone, and an emulated FT232H drives them.
    init(boardID: String) throws {
        let board = try FT232HFixtures.board(boardID)
        world = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let aliceDevice = try world.add(DeviceSetup(name: "alice", board: board, trajectory: .standing(at: Position(metres: .zero))))
        let bobDevice = try world.add(DeviceSetup(
            name: "bob", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 5, y: 0, z: 0)))))
        alice = (aliceDevice, try Self.takeOver(aliceDevice))
        bob = (bobDevice, try Self.takeOver(bobDevice))
    }

    private static func takeOver(_ device: EmulatedDevice) throws -> FT232HSPIBus {
        device.unplug()
        let bus = try FT232HSPIBus(link: EmulatedFT232H(board: device.board, chips: device.chips), board: device.board, resetSettleTime: .zero)
        try bus.open()
        return bus
    }

    /// `sender` (on Alice's bus) sends ``frame`` about 2 ms ahead; after 5 ms of the medium,
    /// `receiver` (on Bob's bus, its receiver already on) handles the interrupt.
    func exchange(from sender: any Transceiver, to receiver: any Transceiver) throws -> Exchange {
        let start = try sender.systemTime() + DeviceDuration(ticks: 128_000_000)  // ≈ 2 ms ahead
        var before = alice.bus.statistics
        _ = try sender.transmit(Self.frame, at: start, awaiting: nil)
        let transmit = alice.bus.statistics.since(before)
        world.run(until: world.simulator.now + .milliseconds(5))
        #expect(try bob.bus.waitForInterrupt(on: .first, until: .now) == true, "IRQ high after the frame")
        before = bob.bus.statistics
        let events = try receiver.handleInterrupt()
        let interrupt = bob.bus.statistics.since(before)
        let received = events.compactMap { if case .frameReceived(let received) = $0 { received } else { nil } }
        #expect(received.count == 1)
        #expect(received.first.map { Array($0.frame.prefix(Self.frame.count)) } == Self.frame)
        #expect(try bob.bus.waitForInterrupt(on: .first, until: .now) == false, "the driver cleared the events")
        return Exchange(transmit: transmit, interrupt: interrupt, received: received)
    }
}
