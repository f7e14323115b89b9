import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBTestSupport
import UWBUSB

/// Sessions on a USB board: `UWB_DEVICE`'s `usb:SERIAL` opened through the real libusb, the
/// board on its own loop thread, a session on it, and the board pulled out. Part of the inner
/// suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    @Test("a session on a USB board runs, and unplugging the board invalidates it with sessionFailed")
    func sessionOnUSBBoard() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let device = try UMockdevFT232HDevice(responder: MPSSEResponder(board: board))
        defer { device.destroy() }
        try device.plug()
        try {
            let radio = try DeviceChoice.usbBoard(serial: "UWB00042").open(board: board.id, calibrationStore: nil)
            defer { radio.stop() }
            #expect(radio.name == "usb:UWB00042")
            #expect(radio.kind == .usb)
            let service = DeviceService(radio: radio)
            #expect(service.capabilities.supportsPreciseDistanceMeasurement)
            let waiter = SessionWaiter(name: "usb-session")
            let session = NISession(device: service)
            waiter.listen(to: session)
            let peer = NIDiscoveryToken.makeForNewSession(capabilities: NIRadioCapability(coherentReceivers: 1))
            session.run(NINearbyPeerConfiguration(peerToken: peer))
            #expect(waiter.started.wait(timeout: .now() + 10) == .success, "the session did not start on the USB board")
            device.unplug()
            #expect(waiter.invalidated.wait(timeout: .now() + 10) == .success, "unplugging did not invalidate the session")
            let error = try #require(waiter.invalidations.first)
            #expect(error.code == .sessionFailed)
            #expect(error.description.contains("usb:UWB00042"), "\(error)")
        }()
    }

    @Test("UWB_BOARD must name a description of the attached device; an unknown serial is named in the error")
    func openingErrors() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let device = try UMockdevFT232HDevice(responder: MPSSEResponder(board: board))
        defer { device.destroy() }
        try device.plug()
        #expect(throws: DeviceChoiceError.unknownBoard("nope", available: ["ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple", "ft232h-dw3220-pdoa", "ft232h-dwm3000-single"])) {
            _ = try DeviceChoice.usbBoard(serial: "UWB00042").open(board: "nope", calibrationStore: nil)
        }
        #expect(throws: DeviceChoiceError.noSuchUSBBoard(serial: "OTHER", available: ["UWB00042"])) {
            _ = try DeviceChoice.usbBoard(serial: "OTHER").open(board: board.id, calibrationStore: nil)
        }
    }
}

extension LibUSBUnderUMockdevTests {
    @Test("a USB board is brought up with its calibration store entry (usb:SERIAL), and once stopped it can be opened again at once")
    func calibratedBoardReopens() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let device = try UMockdevFT232HDevice(responder: MPSSEResponder(board: board))
        defer { device.destroy() }
        try device.plug()
        let store = NSTemporaryDirectory() + "swift-uwb-usb-store-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: store) }
        let stored = StoredChipCalibration(txAntennaDelay: DeviceDuration(ticks: 16_500), rxAntennaDelay: DeviceDuration(ticks: 16_380))
        try CalibrationStore(entries: ["usb:UWB00042": StoredCalibration(boardID: board.id, chips: [stored])]).save(to: store)
        let first = try DeviceChoice.usbBoard(serial: "UWB00042").open(board: board.id, calibrationStore: store)
        #expect(first.calibration == .stored(path: store))
        #expect(first.board.chips[0].calibration.txAntennaDelay == DeviceDuration(ticks: 16_500))
        #expect(first.board.chips[0].calibration.rxAntennaDelay == DeviceDuration(ticks: 16_380))
        #expect(device.claimedInterfaces == 1)
        // Stopped but still referenced: the interface is released, and the board opens again.
        first.stop()
        #expect(device.claimedInterfaces == 0)
        let second = try DeviceChoice.usbBoard(serial: "UWB00042").open(board: board.id, calibrationStore: nil)
        defer { second.stop() }
        #expect(second.calibration == .boardDescription)
        #expect(device.claimedInterfaces == 1)
        withExtendedLifetime(first) {}
    }
}
