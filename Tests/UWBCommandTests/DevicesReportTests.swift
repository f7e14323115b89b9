import Testing
@testable import uwb
import UWBCore
import UWBTestSupport
import UWBUSB

/// What `uwb devices` prints: nothing attached, a board, and a board the user may not open.
@Suite("uwb devices report")
struct DevicesReportTests {
    private let boards: [BoardDescription]
    private let device = USBDeviceDescriptor(
        vendorID: 0x0403, productID: 0x6014, deviceRelease: 0x0900, serialNumberIndex: 3,
        busNumber: 1, portPath: [2], address: 5)

    init() throws {
        boards = try USBBoardDiscovery.catalogBoards(searchPaths: [Repository.boardsDirectory])
    }

    @Test("says plainly when no board is attached")
    func none() {
        #expect(DevicesCommand.report([], boards: boards)
            == "No board is attached: no USB device has the id of a board description (0403:6014 (FT232H)). "
            + "Plug the board in; `lsusb` should list it.")
    }

    @Test("lists bus, port, serial, USB id and the boards it could be")
    func attached() {
        let board = AttachedBoard(device: device, serialNumber: "FT1ABC", openError: nil, boards: boards)
        #expect(DevicesCommand.report([board], boards: boards) == """
            1 board attached:
              bus 1 port 2 (1-2, address 5)  serial FT1ABC  0403:6014 (FT232H)
                could be ft232h-dw1000-dual: FT232H + two DW1000 on one clock
                could be ft232h-dw1000-single: FT232H + one DW1000
                could be ft232h-dw1000-triple: FT232H + three DW1000 on one clock
                could be ft232h-dw3220-pdoa: FT232H + one DW3220 with two antennas
                could be ft232h-dwm3000-single: FT232H + one DWM3000
            """)
    }

    @Test("permission denied points to the udev rule with the install commands")
    func permissionDenied() {
        let error = USBError(.accessDenied, operation: "opening \(device)")
        let board = AttachedBoard(device: device, serialNumber: nil, openError: error, boards: boards)
        let report = DevicesCommand.report([board], boards: boards)
        #expect(report.contains("serial unreadable"))
        #expect(report.contains("permission denied opening 0403:6014 at 1-2 (address 5)."))
        #expect(report.contains("sudo cp Hardware/udev/99-swift-uwb.rules /etc/udev/rules.d/"))
        #expect(report.contains("sudo udevadm control --reload-rules && sudo udevadm trigger"))
    }
}
