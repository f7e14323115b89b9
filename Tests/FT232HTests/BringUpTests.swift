import DW1000Driver
import FT232H
import FT232HEmulation
import Testing
import UWBCore
import UWBEmulator

/// The real DW1000 driver bringing up virtual chips through FT232HSPIBus and an emulated FT232H.
@Suite("DW1000 bring-up over an emulated FT232H")
struct BringUpTests {
    @Test("single board: reset by RSTn, DEV_ID 0xDECA0130, fast clock after PLL lock", arguments: [512, 64])
    func singleBoard(packetSize: Int) throws {
        let (link, bus) = try FT232HFixtures.openRig(maxPacketSize: packetSize)
        let board = try DW1000Board(bus.board, bus: bus)
        #expect(board.chips.count == 1)
        #expect(link.wiring.resets == [.first])
        // DEV_ID was read through the bus: a 1-octet header 0x00 and 4 octets.
        #expect(link.wiring.transactions.contains { $0.transaction == FT232HFixtures.readDeviceID })
        #expect(try bus.transfer(FT232HFixtures.readDeviceID, on: .first) == [0x30, 0x01, 0xCA, 0xDE])
        // 2 MHz at open (initial clock already set), 7.5 MHz once the PLL locked.
        #expect(link.clockDivisors == [14, 3])
        #expect(bus.currentDivisor?.value == 3)
        #expect(!link.interpreter.divideByFive && !link.interpreter.loopback)
        // RSTn (ADBUS4) was released again and is an input; CS (ADBUS3) is high.
        #expect(!link.wiring.pins.isOutput(.adbus4))
        #expect(link.wiring.pins.value(of: .low) & 0x08 != 0)
        try board.chips[0].configure(.ranging)
        _ = try board.chips[0].systemTime()
    }

    @Test("dual board: both chips, CS on ADBUS3 and ACBUS0, resets on ADBUS4 and ACBUS2")
    func dualBoard() throws {
        let (link, bus) = try FT232HFixtures.openRig("ft232h-dw1000-dual")
        let board = try DW1000Board(bus.board, bus: bus)
        #expect(board.chips.count == 2)
        #expect(link.wiring.resets == [.first, try ChipSelect(1)])
        for chip in [ChipSelect.first, try ChipSelect(1)] {
            #expect(link.wiring.transactions.filter { $0.chip == chip }.count > 10, "\(chip)")
        }
        // Initial, fast for chip 0; back to initial and fast again for chip 1.
        #expect(link.clockDivisors == [14, 3, 14, 3])
        for driver in board.chips {
            try driver.configure(.ranging)
        }
        #expect(!link.wiring.pins.isOutput(.acbus2), "RSTn of chip 1 released")
        #expect(link.wiring.pins.value(of: .high) & 0x01 != 0, "CS of chip 1 high")
    }

    @Test("waitForInterrupt polls the IRQ pin (81 87) until the deadline while the line is low")
    func interruptPin() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        let board = try DW1000Board(bus.board, bus: bus)
        let driver = board.chips[0]
        try driver.configure(.ranging)
        let deadline = ContinuousClock.now + .milliseconds(5)
        #expect(try bus.waitForInterrupt(on: .first, until: deadline) == false)
        #expect(ContinuousClock.now >= deadline)
        #expect(link.bulkWrites.last == [0x81, 0x87])
        #expect(link.bulkWrites.suffix(2).allSatisfy { $0 == [0x81, 0x87] }, "polled more than once")
    }

    @Test("unplugged between the OUT and the IN transfer: SPIBusError.disconnected, then TransceiverError.bus(.disconnected)")
    func unplugMidTransfer() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        let board = try DW1000Board(bus.board, bus: bus)
        let driver = board.chips[0]
        link.unplug(afterCalls: 1)
        let start = ContinuousClock.now
        let busError = #expect(throws: SPIBusError.self) { try bus.transfer(FT232HFixtures.readDeviceID, on: .first) }
        #expect(busError == .disconnected("the emulated FT232H was unplugged"))
        #expect(link.bulkWrites.last?.last == 0x87, "the OUT transfer went out; the IN transfer failed")
        let driverError = #expect(throws: TransceiverError.self) { try driver.systemTime() }
        if case .bus(.disconnected) = driverError {} else {
            Issue.record("expected TransceiverError.bus(.disconnected), got \(String(describing: driverError))")
        }
        #expect(throws: SPIBusError.self) { try bus.waitForInterrupt(on: .first, until: .now + .seconds(5)) }
        #expect(throws: SPIBusError.self) { try bus.reset(.first) }
        #expect(ContinuousClock.now - start < .seconds(1), "no call waits for a board that is gone")
    }

    @Test("unplugged during bring-up: DW1000Error.bus(.disconnected)")
    func unplugDuringBringUp() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        link.unplug(afterCalls: 7)
        let error = #expect(throws: DW1000Error.self) { try DW1000Board(bus.board, bus: bus) }
        if case .bus(.disconnected) = error {} else {
            Issue.record("expected DW1000Error.bus(.disconnected), got \(String(describing: error))")
        }
    }

    @Test("a chip select the board does not have is refused before any USB traffic")
    func noSuchChip() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        let writes = link.bulkWrites.count
        #expect(throws: SPIBusError.noSuchChip(try ChipSelect(1), chipCount: 1)) {
            try bus.transfer(FT232HFixtures.readDeviceID, on: try ChipSelect(1))
        }
        #expect(link.bulkWrites.count == writes)
    }
}
