import Foundation
import Testing
import UWBCore

@Suite("DW3000-family boards: models, antenna ports and coherent receivers")
struct DW3000BoardTests {
    @Test("the DWM3000 board has one DW3110 with one port: distance only")
    func singleDWM3000() throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dwm3000-single"))
        let chip = try #require(board.chips.first)
        #expect(chip.model == .dw3110)
        #expect(chip.model.family == .dw3000)
        #expect(chip.antennaPositions.count == 1)
        #expect(board.coherentReceivers == 1)
    }

    @Test("the DW3220 board's one chip has two ports 16.9 mm apart: two coherent receivers")
    func dualPortDW3220() throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dw3220-pdoa"))
        let chip = try #require(board.chips.first)
        #expect(chip.model.antennaPorts == 2)
        #expect(chip.antennaPositions == [Position.origin, Position(metres: Vector3(x: 0.0169, y: 0, z: 0))])
        #expect(board.coherentGroups == [[chip.chipSelect]])
        #expect(board.coherentReceivers == 2)
    }

    @Test("a DW3220 without its second port's antenna is refused, naming the field and the fix")
    func missingSecondPort() throws {
        let data = try BoardFixtures.edited("ft232h-dw3220-pdoa", [.key("chips"), .index(0), .key("antenna"), .key("secondPort")], to: nil)
        BoardFixtures.expectError(data, field: "chips[0].antenna", containing: "a DW3220 has two antenna ports; give the second port's antenna as `secondPort`")
    }

    @Test("a second port on a one-port chip is refused")
    func secondPortOnSinglePortChip() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dwm3000-single", [.key("chips"), .index(0), .key("antenna"), .key("secondPort")], to: [0.02, 0, 0])
        BoardFixtures.expectError(data, field: "chips[0].antenna", containing: "a DW3110 has one antenna port; remove `secondPort`")
    }

    @Test("a second port in millimetres is caught like the first port")
    func secondPortInMillimetres() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dw3220-pdoa", [.key("chips"), .index(0), .key("antenna"), .key("secondPort")], to: [16.9, 0, 0])
        BoardFixtures.expectError(data, field: "chips[0].antenna.secondPort[0]", containing: "positions are in metres")
    }

    @Test("each model's family and ports", arguments: ChipModel.allCases)
    func models(model: ChipModel) {
        let expected: [ChipModel: (ChipFamily, Int)] = [
            .dw1000: (.dw1000, 1), .dw3110: (.dw3000, 1), .dw3120: (.dw3000, 2), .dw3210: (.dw3000, 1), .dw3220: (.dw3000, 2),
        ]
        #expect(expected[model]?.0 == model.family)
        #expect(expected[model]?.1 == model.antennaPorts)
    }
}
