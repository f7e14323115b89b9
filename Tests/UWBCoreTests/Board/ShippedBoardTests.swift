import Foundation
import Testing
import UWBCore
import UWBTestSupport

/// The board files in `Hardware/boards` decode and say what the README and the physics
/// reference say.
@Suite("Shipped board descriptions")
struct ShippedBoardTests {
    /// 0.45 λ at channel 5 (λ = 46.20 mm), the antenna spacing of the multi-chip boards
    /// (Docs/reference/uwb-physics.md §4.2).
    let baseline = 0.0208

    @Test("every shipped file decodes, and its id is its file name", arguments: BoardFixtures.shippedIDs)
    func decodes(id: String) throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: id))
        #expect(board.id == id)
        #expect(!board.name.isEmpty)
        #expect(!board.summary.isEmpty)
    }

    @Test("the catalog lists exactly the shipped boards")
    func catalogListsShippedBoards() throws {
        #expect(try BoardCatalog.boardIDs(in: BoardFixtures.boardsDirectory) == BoardFixtures.shippedIDs)
    }

    @Test("every file of Hardware/boards is built in: linked from Sources/UWBCore/Board/Shipped and embedded by Package.swift")
    func everyFileIsBuiltIn() throws {
        let files = try BoardCatalog.boardIDs(in: BoardFixtures.boardsDirectory)
        #expect(BoardCatalog.shippedBoardIDs == files, "add the new board to ShippedBoards.files")
        let linked = Repository.path("Sources/UWBCore/Board/Shipped")
        #expect(try BoardCatalog.boardIDs(in: linked) == files, "link the new board from \(linked)")
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        for id in files {
            #expect(manifest.contains(".embedInCode(\"Board/Shipped/\(id).json\")"), "embed \(id).json in Package.swift")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(linked)/\(id).json") == "../../../../Hardware/boards/\(id).json")
        }
    }

    @Test("all boards: FT232H 0403:6014, SPI 2 MHz before PLL lock and 8 MHz after, mode 0, the Decawave/Qorvo example antenna delays",
        arguments: BoardFixtures.shippedIDs)
    func commonSettings(id: String) throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: id))
        #expect(board.usb == USBIdentity(vendorID: 0x0403, productID: 0x6014, bridge: .ft232h))
        #expect(board.spi.initialClock == .megahertz(2))
        #expect(board.spi.fastClock == .megahertz(8))
        #expect(board.spi.initialClock <= SPISettings.maximumInitialClock)
        #expect(board.spi.fastClock <= SPISettings.maximumFastClock)
        #expect(board.spi.mode == 0)
        for chip in board.chips {
            #expect(chip.model.family == (id.contains("dw1000") ? .dw1000 : .dw3000))
            // DW1000: ex_05a/ex_05b TX_ANT_DLY and RX_ANT_DLY (Docs/reference/uwb-physics.md §1.2),
            // about 257.22 ns each. DW3000: the DW3000 API examples' 16385 (Hardware/boards/README.md).
            let delay = chip.model.family == .dw1000 ? DeviceDuration(ticks: 16436) : DeviceDuration(ticks: 16385)
            #expect(chip.calibration.txAntennaDelay == delay)
            #expect(chip.calibration.rxAntennaDelay == delay)
            #expect(chip.calibration.phaseOffset == .zero)
        }
        // Chip 0 uses the wiring the FT232H reference suggests: CS# on ADBUS3, RSTn on ADBUS4 and
        // IRQ on ADBUS5 (GPIOL1, the pin MPSSE 0x88 waits on).
        let first = try #require(board.chips.first)
        #expect(first.chipSelect == ChipSelect.first)
        #expect(first.wiring == ChipWiring(cs: .adbus3, irq: .adbus5, reset: .adbus4))
        #expect(first.antennaPosition == .origin)
    }

    @Test("single board: one chip, distance only")
    func single() throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dw1000-single"))
        #expect(board.chips.count == 1)
        #expect(board.coherentReceivers == 1)
        #expect(board.coherentGroups == [[ChipSelect.first]])
    }

    @Test("dual board: two chips on one clock, 20.8 mm apart along x")
    func dual() throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dw1000-dual"))
        #expect(board.chips.count == 2)
        #expect(board.coherentReceivers == 2)
        #expect(board.coherentGroups == [[try ChipSelect(0), try ChipSelect(1)]])
        let axis = board.chips[1].antennaPosition.metres - board.chips[0].antennaPosition.metres
        #expect(abs(axis.x - baseline) < 1e-12 && axis.y == 0 && axis.z == 0)
        // 20.8 mm is 0.45 λ at channel 5 (6489.6 MHz), below λ/2, so the angle does not wrap.
        let wavelength = Frequency.megahertz(6489.6).wavelength.metres
        #expect(abs(axis.length / wavelength - 0.45) < 0.001)
        #expect(board.chips[1].wiring == ChipWiring(cs: .acbus0, irq: .acbus1, reset: .acbus2))
    }

    @Test("triple board: three chips on one clock in an L along +x and +y")
    func triple() throws {
        let board = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dw1000-triple"))
        #expect(board.chips.count == 3)
        #expect(board.coherentReceivers == 3)
        #expect(board.coherentGroups == [[try ChipSelect(0), try ChipSelect(1), try ChipSelect(2)]])
        let origin = board.chips[0].antennaPosition
        let alongX = board.chips[1].antennaPosition.metres - origin.metres
        let alongY = board.chips[2].antennaPosition.metres - origin.metres
        #expect(abs(alongX.x - baseline) < 1e-12 && alongX.y == 0 && alongX.z == 0)
        #expect(abs(alongY.y - baseline) < 1e-12 && alongY.x == 0 && alongY.z == 0)
        #expect(alongX.dot(alongY) == 0)
        #expect(board.chips[2].wiring == ChipWiring(cs: .acbus3, irq: .acbus4, reset: .acbus5))
    }

    @Test("chips on separate clocks are not coherent")
    func separateClocks() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dw1000-triple", [.key("chips"), .index(2), .key("clock")], to: "other-oscillator")
        let board = try BoardDescription(jsonData: data)
        #expect(board.coherentGroups == [[try ChipSelect(0), try ChipSelect(1)], [try ChipSelect(2)]])
        #expect(board.coherentReceivers == 2)
    }

    @Test("the optional USB product string is read")
    func productString() throws {
        let data = try BoardFixtures.edited("ft232h-dw1000-single", [.key("usb"), .key("product")], to: "Single RS232-HS")
        #expect(try BoardDescription(jsonData: data).usb.product == "Single RS232-HS")
    }

    @Test("chips may share one reset line")
    func sharedReset() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("wiring"), .key("reset")], to: "ADBUS4")
        let board = try BoardDescription(jsonData: data)
        #expect(board.chips.map(\.wiring.reset) == [.adbus4, .adbus4])
    }
}
