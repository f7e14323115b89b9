import DW1000Driver
import DW3000Driver
import FT232H
import Foundation
import Testing
import UWBCore
import UWBTestSupport
import UWBUSB

/// The whole USB path with nothing emulated but the device: the DW1000 and DW3000 drivers on
/// `FT232HSPIBus`, on `FT232HUSBLink`, through the real libusb and umockdev, to an FT232H whose
/// MPSSE drives virtual chips of the board's family. Part of the inner suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    /// The board `id`, an emulated FT232H wired as it says, plugged in, and an opened bus over
    /// libusb to it; `body` runs with them, and everything is torn down in order afterwards.
    private func withBoard(
        _ id: String, _ body: (UMockdevFT232HDevice, MPSSEResponder, FT232HSPIBus, BoardDescription) throws -> Void
    ) throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
        let responder = MPSSEResponder(board: board)
        let device = try UMockdevFT232HDevice(responder: responder)
        defer { device.destroy() }
        try device.plug()
        try {
            let context = try USBContext()
            let ft232h = try #require(
                try context.devices().first { $0.descriptor.vendorID == 0x0403 && $0.descriptor.productID == 0x6014 })
            let link = try FT232HUSBLink(device: ft232h)
            let bus = try FT232HSPIBus(link: link, board: board, resetSettleTime: .zero)
            try bus.open()
            try body(device, responder, bus, board)
        }()
    }

    @Test("the DW1000 driver brings up every chip of a board through real libusb and the FT232H's MPSSE",
          arguments: ["ft232h-dw1000-single", "ft232h-dw1000-dual", "ft232h-dw1000-triple"])
    func driverBringUp(boardID: String) throws {
        try withBoard(boardID) { _, responder, bus, board in
            let before = bus.statistics
            let drivers = try DW1000Board(board, bus: bus).chips
            #expect(drivers.count == board.chips.count)
            for index in board.chips.indices {
                // DEV_ID (UM §7.2.2): 0xDECA0130, low octet first.
                #expect(try bus.transfer(SPITransaction(header: [0x00], body: .read(count: 4)), on: ChipSelect(index))
                        == [0x30, 0x01, 0xCA, 0xDE])
            }
            // Slow clock for each chip's bring-up, the fast one once its PLL locked (UM §2.3.2).
            let divisors = responder.model.clockDivisors
            #expect(divisors.first == bus.initialDivisor.value)
            #expect(divisors.last == bus.fastDivisor.value)
            let cost = bus.statistics.since(before)
            print("FT232H over libusb: bringing up \(board.chips.count) chip(s) took \(cost)")
        }
    }

    @Test("the DW3000 driver brings up and configures the emulated DW3000 of a board through real libusb",
          arguments: ["ft232h-dwm3000-single", "ft232h-dw3220-pdoa"])
    func dw3000BringUp(boardID: String) throws {
        try withBoard(boardID) { _, responder, bus, board in
            let chip = try #require(board.chips.first)
            let driver = try DW3000(
                bus: bus, chip: chip.chipSelect, transmitAntennaDelay: chip.calibration.txAntennaDelay,
                receiveAntennaDelay: chip.calibration.rxAntennaDelay)
            #expect(driver.measuresPhaseDifference == (chip.model.antennaPorts == 2))
            try driver.configure(.ranging)
            #expect(driver.configuration == .ranging)
            // DEV_ID (DW3000 UM §8.2.2.1), low octet first: 0xDECA0302, or 0xDECA0312 with two ports.
            #expect(try bus.transfer(DW1000.deviceIDRead, on: chip.chipSelect)
                    == [chip.model.antennaPorts == 2 ? 0x12 : 0x02, 0x03, 0xCA, 0xDE])
            // Slow clock until the PLL locked, the fast one after (the board's 2 MHz and 8 MHz).
            let divisors = responder.model.clockDivisors
            #expect(divisors.first == bus.initialDivisor.value)
            #expect(divisors.last == bus.fastDivisor.value)
        }
    }

    @Test("unplugging the board after bring-up: the driver's next operation fails with a bus disconnect, at once")
    func unplugAfterBringUp() throws {
        try withBoard("ft232h-dw1000-single") { device, _, bus, board in
            let driver = try #require(try DW1000Board(board, bus: bus).chips.first)
            _ = try driver.systemTime()
            device.unplug()
            let started = ContinuousClock.now
            #expect {
                _ = try driver.systemTime()
            } throws: { error in
                guard case TransceiverError.bus(.disconnected) = error else { return false }
                return true
            }
            #expect(ContinuousClock.now - started < .seconds(2), "no hang on a vanished board")
        }
    }
}
