import DW1000Driver
import DW3000Driver
import Testing
import UWBCore
import UWBTestSupport
@testable import UWBUSB

/// The chip probe's pure parts: the DEV_ID read both families answer, what a DEV_ID value means,
/// which buses the probe opens, and which descriptions fit what it found.
@Suite("Chip probe: DEV_ID, plan and fitting descriptions")
struct ChipProbeTests {
    private let boards: [BoardDescription]

    init() throws {
        boards = try USBBoardDiscovery.catalogBoards(searchPaths: [Repository.boardsDirectory])
    }

    private func board(_ id: String) throws -> BoardDescription {
        try #require(boards.first { $0.id == id })
    }

    @Test("one transaction reads DEV_ID on both families: header 0x00 (DW1000 UM §2.2.1.2, DW3000 UM §2.3.1.2), 4 octets")
    func deviceIDRead() throws {
        #expect(DW1000.deviceIDRead == SPITransaction(header: [0x00], body: .read(count: 4)))
        let dw3000 = try DW3000SPIHeader(.read, file: DW3000Register.devId.file, offset: Int(DW3000Register.devId.offset))
        #expect(dw3000.bytes == DW1000.deviceIDRead.header)
        #expect(DW3000Register.devId.length == 4)
    }

    @Test("DEV_ID values: a DW1000, the two DW3000 parts, nothing, garbage")
    func answers() {
        #expect(ChipAnswer(deviceID: 0xDECA_0130).identity?.models == [.dw1000])
        #expect(ChipAnswer(deviceID: 0xDECA_0302).identity?.models == [.dw3110, .dw3210])
        #expect(ChipAnswer(deviceID: 0xDECA_0312).identity?.models == [.dw3120, .dw3220])
        #expect(ChipAnswer(deviceID: 0xDECA_0312).identity?.family == .dw3000)
        #expect(ChipAnswer(deviceID: 0xFFFF_FFFF) == .silent(deviceID: 0xFFFF_FFFF))
        #expect(ChipAnswer(deviceID: 0) == .silent(deviceID: 0))
        #expect(ChipAnswer(deviceID: 0xDECA_0304) == .unrecognised(deviceID: 0xDECA_0304))
        #expect(ChipAnswer(deviceID: 0x3001_CADE).description.contains("DEV_ID reads 0x3001CADE"))
        #expect(ChipAnswer(deviceID: 0xDECA_0302).description == "DW3000 family (DEV_ID 0xDECA0302: DW3110 or DW3210)")
        #expect(ChipAnswer(deviceID: 0xDECA_0130).description == "DW1000 (DEV_ID 0xDECA0130)")
    }

    @Test("the shipped boards are probed on one bus: CS0 on ADBUS3, CS1 on ACBUS0, CS2 on ACBUS3, at 2 MHz")
    func shippedPlan() throws {
        let plan = ChipProbePlan(boards: boards)
        #expect(plan.buses.count == 1)
        let bus = try #require(plan.buses.first)
        #expect(bus.chipSelects.map(\.index) == [0, 1, 2])
        #expect(bus.board.chips.map(\.wiring.cs) == [.adbus3, .acbus0, .acbus3])
        #expect(bus.board.spi.initialClock == .megahertz(2))
        #expect(ChipProbePlan(boards: []).buses.isEmpty)
    }

    @Test("a description whose CS is another's reset line is probed on a bus of its own")
    func conflictingWirings() throws {
        let single = try board("ft232h-dw1000-single")
        var chip = single.chips[0]
        chip.wiring = ChipWiring(cs: .adbus4, irq: .adbus6, reset: .adbus7)
        let other = try BoardDescription(
            id: "cs-on-adbus4", name: "CS on ADBUS4", summary: "A chip whose CS is the shipped boards' reset line.",
            usb: single.usb, spi: single.spi, chips: [chip])
        let plan = ChipProbePlan(boards: [single, other])
        #expect(plan.buses.map { $0.board.chips.map(\.wiring.cs) } == [[.adbus3], [.adbus4]])
        #expect(plan.buses.map { $0.chipSelects.map(\.index) } == [[0], [0]])
    }

    /// A probe of the shipped wiring with `answers` on CS0, CS1, CS2.
    private func probe(_ answers: [ChipAnswer]) throws -> BoardProbe {
        let bus = try #require(ChipProbePlan(boards: boards).buses.first)
        var remaining = answers[...]
        return BoardProbe(chips: bus.probes { _ in remaining.popFirst() ?? .failed("no answer given") })
    }

    @Test("descriptions fit only the family and ports found on their chip-selects", arguments: [
        ([0xDECA_0130, 0xFFFF_FFFF, 0xFFFF_FFFF] as [UInt32], ["ft232h-dw1000-single"]),
        ([0xDECA_0130, 0xDECA_0130, 0xFFFF_FFFF], ["ft232h-dw1000-dual", "ft232h-dw1000-single"]),
        ([0xDECA_0130, 0xDECA_0130, 0xDECA_0130], ["ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple"]),
        ([0xDECA_0302, 0xFFFF_FFFF, 0xFFFF_FFFF], ["ft232h-dwm3000-single"]),
        ([0xDECA_0312, 0x0000_0000, 0x0000_0000], ["ft232h-dw3220-pdoa"]),
        ([0x1234_5678, 0xDECA_0130, 0xDECA_0130], []),
    ])
    func fitting(deviceIDs: [UInt32], fits: [String]) throws {
        let probe = try probe(deviceIDs.map(ChipAnswer.init(deviceID:)))
        #expect(boards.filter(probe.fits).map(\.id) == fits)
    }

    @Test("a chip-select that could not be read fits nothing that needs it")
    func failedRead() throws {
        let probe = try probe([.failed("bulk IN timed out"), .silent(deviceID: 0), .silent(deviceID: 0)])
        #expect(boards.filter(probe.fits).isEmpty)
        #expect(probe.chips[0].description == "CS0 (ADBUS3): not read: bulk IN timed out")
    }
}
