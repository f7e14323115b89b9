import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBTestSupport
import UWBUSB

/// A delegate that lets a test wait, with a bound, for a session's start and invalidation, which
/// arrive from the radio's own thread.
private final class SessionWaiter: NISessionDelegate, @unchecked Sendable {
    let queue = DispatchQueue(label: "usb-session-waiter")
    let started = DispatchSemaphore(value: 0)
    let invalidated = DispatchSemaphore(value: 0)
    /// Written on ``queue`` before ``invalidated`` is signalled, read after waiting on it.
    private(set) var error: NIError?

    func sessionDidStartRunning(_ session: NISession) {
        started.signal()
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        self.error = error as? NIError
        invalidated.signal()
    }
}

/// Sessions on a USB board: `UWB_DEVICE`'s `usb:SERIAL` opened through the real libusb, the
/// board on its own loop thread, a session on it, and the board pulled out. Part of the inner
/// suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    @Test("a session on a USB board runs, and unplugging the board invalidates it with sessionFailed")
    func sessionOnUSBBoard() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let device = try EmulatedFT232HDevice(responder: MPSSEResponder(board: board))
        defer { device.destroy() }
        try device.plug()
        try {
            let radio = try RadioChoice.usbBoard(serial: "UWB00042").open(board: board.id)
            let threaded = try #require(radio as? ThreadedRadio)
            defer { threaded.stop() }
            #expect(radio.name == "usb:UWB00042")
            #expect(radio.kind == .usb)
            let service = DeviceService(radio: radio)
            #expect(service.capabilities.supportsPreciseDistanceMeasurement)
            let waiter = SessionWaiter()
            let session = NISession(device: service)
            session.delegateQueue = waiter.queue
            session.delegate = waiter
            let peer = NIDiscoveryToken.makeForNewSession(capabilities: NIRadioCapability(coherentReceivers: 1))
            session.run(NINearbyPeerConfiguration(peerToken: peer))
            #expect(waiter.started.wait(timeout: .now() + 10) == .success, "the session did not start on the USB board")
            device.unplug()
            #expect(waiter.invalidated.wait(timeout: .now() + 10) == .success, "unplugging did not invalidate the session")
            let error = try #require(waiter.queue.sync { waiter.error })
            #expect(error.code == .sessionFailed)
            #expect(error.description.contains("usb:UWB00042"), "\(error)")
        }()
    }

    @Test("UWB_BOARD must name a description of the attached device; an unknown serial is named in the error")
    func openingErrors() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let device = try EmulatedFT232HDevice(responder: MPSSEResponder(board: board))
        defer { device.destroy() }
        try device.plug()
        #expect(throws: RadioChoiceError.unknownBoard("nope", available: ["ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple"])) {
            _ = try RadioChoice.usbBoard(serial: "UWB00042").open(board: "nope")
        }
        #expect(throws: RadioChoiceError.noSuchUSBBoard(serial: "OTHER", available: ["UWB00042"])) {
            _ = try RadioChoice.usbBoard(serial: "OTHER").open(board: board.id)
        }
    }
}
