import Foundation
import Testing
import UWBCore
import UWBTestSupport
import UWBUSB

/// Board discovery and `uwb devices` through the real libusb against emulated FT232Hs whose MPSSE
/// drives standalone virtual chips of the board's family: the chip probe tells the DW1000 boards
/// from the DW3000 ones. Part of the inner suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    /// The shipped board `id`, from the repository.
    private func shippedBoard(_ id: String) throws -> BoardDescription {
        try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
    }

    @Test("discovery probes the chips: each emulated board fits only the descriptions of what is on it", arguments: [
        ("ft232h-dw1000-single", ["ft232h-dw1000-single"]),
        ("ft232h-dw1000-triple", ["ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple"]),
        ("ft232h-dwm3000-single", ["ft232h-dwm3000-single"]),
        ("ft232h-dw3220-pdoa", ["ft232h-dw3220-pdoa"]),
    ])
    func discovery(boardID: String, fits: [String]) throws {
        let device = try UMockdevFT232HDevice(responder: MPSSEResponder(board: shippedBoard(boardID)))
        defer { device.destroy() }
        try device.plug()
        try {
            let context = try USBContext()
            let boards = try USBBoardDiscovery.catalogBoards(searchPaths: [Repository.boardsDirectory])
            let attached = try USBBoardDiscovery.attachedBoards(in: context, boards: boards, probingChips: true)
            #expect(attached.count == 1)
            let board = try #require(attached.first)
            #expect(board.device.busNumber == 1 && board.device.portPath == [2] && board.device.address == 5)
            #expect(board.serialNumber == device.serial)
            #expect(board.openError == nil)
            #expect(board.boardIDs == boards.map(\.id), "every FT232H has the id of every shipped board")
            #expect(board.fittingBoards.map(\.id) == fits)
            let probe = try #require(board.probe)
            #expect(probe.chips.map(\.wiring.cs) == [.adbus3, .acbus0, .acbus3])
            let emulated = try shippedBoard(boardID)
            for chip in probe.chips {
                let expected = emulated.chips.first { $0.wiring == chip.wiring }?.model
                if let expected {
                    #expect(chip.found(expected), "\(chip)")
                } else {
                    #expect(chip.answer == .silent(deviceID: 0xFFFF_FFFF), "nothing on \(chip.wiring.cs): MISO floats high")
                }
            }
            #expect(device.claimedInterfaces == 0, "the probe released the interface")
            // Without probing, discovery leaves the chips alone and every description could fit.
            let unprobed = try #require(try USBBoardDiscovery.attachedBoards(in: context, boards: boards).first)
            #expect(unprobed.probe == nil && unprobed.fittingBoards == boards)
        }()
    }

    @Test("a device that does not answer the MPSSE sync is listed with every chip-select unread, not a crash")
    func probeOfSilentDevice() throws {
        let device = try UMockdevFT232HDevice()  // logs its traffic, answers no bulk IN
        defer { device.destroy() }
        try device.plug()
        try {
            let boards = try USBBoardDiscovery.catalogBoards(searchPaths: [Repository.boardsDirectory])
            let attached = try USBBoardDiscovery.attachedBoards(in: USBContext(), boards: boards, probingChips: true)
            let board = try #require(attached.first)
            let probe = try #require(board.probe)
            #expect(probe.chips.count == 3)
            for chip in probe.chips {
                guard case .failed(let reason) = chip.answer else {
                    Issue.record("\(chip) was read from a device that answers nothing")
                    continue
                }
                #expect(reason.contains("did not answer the MPSSE sync"), "\(reason)")
            }
            #expect(board.fittingBoards.isEmpty)
        }()
    }

    @Test("`uwb devices` in a separate process tells an emulated DWM3000 board from a DW1000 board")
    func uwbDevicesCommand() throws {
        let boards = try TwoUMockdevBoards(
            serials: ("UWB03000", "UWB01000"),
            responders: (MPSSEResponder(board: shippedBoard("ft232h-dwm3000-single")), MPSSEResponder(board: shippedBoard("ft232h-dw1000-dual"))))
        defer { boards.destroy() }
        // The child's environment carries UMOCKDEV_DIR and LD_PRELOAD, so uwb sees the testbed.
        let (process, pipe) = try BuiltExecutable.startUWB(["devices"], environment: ["UWB_BOARDS_DIR": Repository.boardsDirectory])
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "uwb devices failed:\n\(output)")
        #expect(output == """
            2 boards attached:
              bus 1 port 2 (1-2, address 5)  serial UWB03000  0403:6014 (FT232H)
                CS0 (ADBUS3): DW3000 family (DEV_ID 0xDECA0302: DW3110 or DW3210)
                CS1 (ACBUS0): \(ChipAnswer.silent(deviceID: 0xFFFF_FFFF))
                CS2 (ACBUS3): \(ChipAnswer.silent(deviceID: 0xFFFF_FFFF))
                fits ft232h-dwm3000-single: FT232H + one DWM3000
              bus 1 port 3 (1-3, address 6)  serial UWB01000  0403:6014 (FT232H)
                CS0 (ADBUS3): DW1000 (DEV_ID 0xDECA0130)
                CS1 (ACBUS0): DW1000 (DEV_ID 0xDECA0130)
                CS2 (ACBUS3): \(ChipAnswer.silent(deviceID: 0xFFFF_FFFF))
                fits ft232h-dw1000-dual: FT232H + two DW1000 on one clock
                fits ft232h-dw1000-single: FT232H + one DW1000

            """, "\(output)")
    }
}
