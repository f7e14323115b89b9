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

    /// The probe of the shipped wiring (CS0 on ADBUS3, CS1 on ACBUS0, CS2 on ACBUS3) with `answers`.
    private func probe(_ answers: [ChipAnswer]) throws -> BoardProbe {
        let wirings = [(FT232HPin.adbus3, FT232HPin.adbus5, FT232HPin.adbus4), (.acbus0, .acbus1, .acbus2), (.acbus3, .acbus4, .acbus5)]
        return BoardProbe(chips: try zip(wirings, answers).enumerated().map { index, entry in
            ChipProbe(
                chipSelect: try ChipSelect(index), wiring: ChipWiring(cs: entry.0.0, irq: entry.0.1, reset: entry.0.2),
                answer: entry.1)
        })
    }

    @Test("lists bus, port, serial, USB id, the chips found and the descriptions they fit")
    func attached() throws {
        let probe = try probe([
            ChipAnswer(deviceID: 0xDECA_0302), ChipAnswer(deviceID: 0xFFFF_FFFF), ChipAnswer(deviceID: 0xFFFF_FFFF),
        ])
        let board = AttachedBoard(device: device, serialNumber: "FT1ABC", openError: nil, boards: boards, probe: probe)
        #expect(DevicesCommand.report([board], boards: boards) == """
            1 board attached:
              bus 1 port 2 (1-2, address 5)  serial FT1ABC  0403:6014 (FT232H)
                CS0 (ADBUS3): DW3000 family (DEV_ID 0xDECA0302: DW3110 or DW3210)
                CS1 (ACBUS0): no chip answers (DEV_ID reads 0xFFFFFFFF); if one should be here, check its power, RSTn, its CS pin and the MISO wire
                CS2 (ACBUS3): no chip answers (DEV_ID reads 0xFFFFFFFF); if one should be here, check its power, RSTn, its CS pin and the MISO wire
                fits ft232h-dwm3000-single: FT232H + one DWM3000
            """)
    }

    @Test("an emulated DW1000 board fits only DW1000 descriptions, and only those whose chips answered")
    func dw1000Board() throws {
        let probe = try probe([
            ChipAnswer(deviceID: 0xDECA_0130), ChipAnswer(deviceID: 0xDECA_0130), ChipAnswer(deviceID: 0),
        ])
        let report = DevicesCommand.report(
            [AttachedBoard(device: device, serialNumber: "FT1ABC", openError: nil, boards: boards, probe: probe)], boards: boards)
        #expect(report.contains("CS1 (ACBUS0): DW1000 (DEV_ID 0xDECA0130)"))
        #expect(report.contains("CS2 (ACBUS3): no chip answers (DEV_ID reads 0x00000000)"))
        #expect(report.split(separator: "\n").filter { $0.contains("fits ") }.map { String($0.drop { $0 == " " }) } == [
            "fits ft232h-dw1000-dual: FT232H + two DW1000 on one clock", "fits ft232h-dw1000-single: FT232H + one DW1000",
        ])
    }

    @Test("garbage and failed reads are reported as such, and nothing fits them")
    func nothingFits() throws {
        let probe = try probe([
            ChipAnswer(deviceID: 0x1234_5678), .failed("bulk IN timed out"), ChipAnswer(deviceID: 0xFFFF_FFFF),
        ])
        let report = DevicesCommand.report(
            [AttachedBoard(device: device, serialNumber: "FT1ABC", openError: nil, boards: boards, probe: probe)], boards: boards)
        #expect(report.contains("CS0 (ADBUS3): an unknown answer (DEV_ID reads 0x12345678, not a DW1000's or a DW3000's)"))
        #expect(report.contains("CS1 (ACBUS0): not read: bulk IN timed out"))
        #expect(report.contains("no board description fits these chips: check the wiring (Hardware/wiring/)"))
        #expect(!report.contains("fits ft232h"))
    }

    @Test("permission denied points to the udev rule with the install commands; unprobed, every description could fit")
    func permissionDenied() {
        let error = USBError(.accessDenied, operation: "opening \(device)")
        let board = AttachedBoard(device: device, serialNumber: nil, openError: error, boards: boards)
        let report = DevicesCommand.report([board], boards: boards)
        #expect(report.contains("serial unreadable"))
        #expect(report.contains("could be ft232h-dw1000-single: FT232H + one DW1000"))
        #expect(report.contains("could be ft232h-dwm3000-single: FT232H + one DWM3000"))
        #expect(report.contains("permission denied opening 0403:6014 at 1-2 (address 5)."))
        #expect(report.contains("sudo cp Hardware/udev/99-swift-uwb.rules /etc/udev/rules.d/"))
        #expect(report.contains("sudo udevadm control --reload-rules && sudo udevadm trigger"))
    }
}
