import DW1000Driver
import Foundation
import Testing
import UWBCore
import UWBTestSupport

@Suite("DW1000 boards: one driver per chip select")
struct BoardTests {
    static func shippedBoard(_ id: String) throws -> BoardDescription {
        try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
    }

    static func healthyBus(chips: Int) -> FakeSPIBus {
        let bus = FakeSPIBus(chipCount: chips)
        for chip in 0..<chips {
            bus.preset(file: 0x00, [0x30, 0x01, 0xCA, 0xDE], chip: chip)
            bus.preset(file: 0x0F, [0x02], chip: chip)
            bus.selfClearingBits[FakeSPIBus.Location(file: 0x2D, offset: 0x06)] = 0x8000
        }
        return bus
    }

    @Test("the dual board brings up CS0 then CS1, each with its calibrated antenna delays")
    func dualBoard() throws {
        let bus = Self.healthyBus(chips: 2)
        let board = try DW1000Board(try Self.shippedBoard("ft232h-dw1000-dual"), bus: bus)
        #expect(board.chips.map(\.chip.index) == [0, 1])
        #expect(bus.resets.map(\.index) == [0, 1])
        #expect(bus.trace.first == .read([0x00], count: 4, chip: 0))
        #expect(bus.trace.contains(.read([0x00], count: 4, chip: 1)))
        for chip in 0..<2 {
            #expect(bus.trace.contains(.write([0x98], [0x34, 0x40], chip: chip)))
            #expect(bus.trace.contains(.write([0xEE, 0x84, 0x30], [0x34, 0x40], chip: chip)))
        }
        #expect(board.board.coherentReceivers == 2)
    }

    @Test("a bus with fewer chip selects than the board is refused before any transaction")
    func tooFewChips() throws {
        let bus = Self.healthyBus(chips: 1)
        let description = try Self.shippedBoard("ft232h-dw1000-triple")
        #expect(throws: DW1000Error.self) { try DW1000Board(description, bus: bus) }
        #expect(bus.trace.isEmpty)
    }
}
