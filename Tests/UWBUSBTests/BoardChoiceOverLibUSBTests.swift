import Foundation
import Testing
import UWBCore
import UWBDevices
import UWBTestSupport
import UWBUSB

/// Opening a USB board without `UWB_BOARD`: the chip probe chooses the board description, through
/// the real libusb against emulated FT232Hs whose MPSSE drives the board's virtual chips. Part of
/// the inner suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    /// An emulated FT232H wired as the shipped board `id`, not yet plugged in.
    private func emulatedBoard(_ id: String) throws -> UMockdevFT232HDevice {
        try UMockdevFT232HDevice(responder: MPSSEResponder(board: BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))))
    }

    @Test("without UWB_BOARD each emulated board's bus opens as the description its chips fit, the one with the fewest chips if several do",
          arguments: [
              ("ft232h-dw1000-single", "ft232h-dw1000-single"),
              ("ft232h-dw1000-dual", "ft232h-dw1000-single"),
              ("ft232h-dw1000-triple", "ft232h-dw1000-single"),
              ("ft232h-dwm3000-single", "ft232h-dwm3000-single"),
              ("ft232h-dw3220-pdoa", "ft232h-dw3220-pdoa"),
          ])
    func busWithoutBoardVariable(emulated: String, chosen: String) throws {
        let device = try emulatedBoard(emulated)
        defer { device.destroy() }
        try device.plug()
        try {
            let opened = try DeviceChoice.usbBoard(serial: "UWB00042").openBus(board: nil)
            defer { opened.release() }
            #expect(opened.name == "usb:UWB00042")
            #expect(opened.board.id == chosen)
        }()
        #expect(device.claimedInterfaces == 0, "released")
    }

    /// Opens the emulated shipped board `id` as the first attached board without `UWB_BOARD`,
    /// logging at `info` and above to a capture, and runs `body` with the radio and the capture.
    private func openedWithoutBoardVariable(_ id: String, _ body: (ThreadedRadio, LogCapture) throws -> Void) throws {
        let device = try emulatedBoard(id)
        defer { device.destroy() }
        try device.plug()
        try {
            let capture = LogCapture(level: .info)
            let radio = try DeviceChoice.firstAttachedBoard.open(board: nil, calibrationStore: nil, logger: capture.logger)
            defer { radio.stop() }
            try body(radio, capture)
        }()
    }

    @Test("without UWB_BOARD a triple DW1000 board is brought up on chip 0 (the probe cannot see a shared clock), and the log names every UWB_BOARD value that fits")
    func radioWithoutBoardVariable() throws {
        try openedWithoutBoardVariable("ft232h-dw1000-triple") { radio, capture in
            #expect(radio.board.id == "ft232h-dw1000-single")
            let notice = try #require(capture.entries(at: .notice).first { $0.message.description.hasPrefix("UWB_BOARD is not set") })
            #expect(notice.metadata[LogMetadataKey.board] == "ft232h-dw1000-single")
            #expect(notice.metadata["board.fitting"] == "ft232h-dw1000-dual, ft232h-dw1000-single, ft232h-dw1000-triple")
        }
    }

    @Test("without UWB_BOARD a DW3220 board, which only its own description fits, is brought up as it and measures angles")
    func dw3220WithoutBoardVariable() throws {
        try openedWithoutBoardVariable("ft232h-dw3220-pdoa") { radio, capture in
            #expect(radio.board.id == "ft232h-dw3220-pdoa")
            #expect(radio.board.coherentReceivers == 2)
            let info = try #require(capture.entries(at: .info).first { $0.message.description.hasPrefix("UWB_BOARD is not set") })
            #expect(info.metadata["board.fitting"] == "ft232h-dw3220-pdoa")
            #expect(capture.entries(at: .notice).isEmpty)
        }
    }

    @Test("without UWB_BOARD a board whose chips do not answer is refused, with what each chip-select answered and the UWB_BOARD values there are")
    func noFittingBoard() throws {
        let device = try UMockdevFT232HDevice()  // answers no bulk IN: the MPSSE never syncs
        defer { device.destroy() }
        try device.plug()
        _ = {
            do throws(DeviceChoiceError) {
                let opened = try DeviceChoice.usbBoard(serial: "UWB00042").openBus(board: nil)
                opened.release()
                Issue.record("a board whose chips do not answer was opened as \(opened.board.id)")
            } catch {
                guard case .noFittingBoard(let name, let chips, let available) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(name == "usb:UWB00042")
                #expect(chips.count == 3 && chips.allSatisfy { $0.contains("did not answer the MPSSE sync") }, "\(chips)")
                #expect(available == ["ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple", "ft232h-dw3220-pdoa", "ft232h-dwm3000-single"])
                #expect(error.description.hasPrefix("no board description fits usb:UWB00042 (UWB_BOARD is not set, so its chips were probed: CS0 (ADBUS3): not read:"),
                        "\(error)")
                #expect(error.description.hasSuffix(
                    "or set UWB_BOARD to the description of the board: ft232h-dw1000-dual, ft232h-dw1000-single, ft232h-dw1000-triple, ft232h-dw3220-pdoa, ft232h-dwm3000-single"),
                        "\(error)")
            }
        }()
    }
}
