@testable import NearbyInteraction
import NearbyInteractionDefaultDevice
import Testing
@testable import UWBDevices
import UWBUSB

/// Which ``NIError`` a session reports when its radio cannot be opened, without hardware: the
/// mappings from libusb's error to the radio choice's and from that to Nearby Interaction's.
@Suite("NIError: a radio that cannot be opened")
struct RadioErrorTests {
    @Test("a USB board this user may not open is userDidNotAllow, with the udev rule to install in the detail")
    func accessDeniedIsUserDidNotAllow() throws {
        let problem = USBError(.accessDenied, operation: "opening 0403:6014 at 1-2 (address 5)")
        let choice = DeviceChoiceError(opening: "usb:FT12345", failedWith: problem)
        #expect(choice == .accessDenied(device: "usb:FT12345", reason: problem.description))
        let error = NIError(openingRadio: choice)
        #expect(error.code == .userDidNotAllow)
        let detail = try #require(error.detail)
        #expect(detail.contains("usb:FT12345"))
        #expect(detail.contains("permission denied"))
        #expect(detail.contains(USBError.udevRulePath))
        #expect(detail.contains("udevadm"))
        #expect(error.localizedDescription.contains(NIError.Code.userDidNotAllow.recoverySuggestion))
    }

    @Test("other libusb failures opening the board are usbOpenFailed, hence unsupportedPlatform",
          arguments: [USBErrorCode.busy, .noDevice, .io, .notFound, .timedOut, .other])
    func otherOpenFailures(code: USBErrorCode) {
        let problem = USBError(code, operation: "opening 0403:6014")
        let choice = DeviceChoiceError(opening: "usb:FT1", failedWith: problem)
        #expect(choice == .usbOpenFailed(device: "usb:FT1", reason: problem.description))
        #expect(NIError(openingRadio: choice).code == .unsupportedPlatform)
    }

    @Test("every other reason a radio cannot be chosen or opened is unsupportedPlatform, with its description", arguments: [
        DeviceChoiceError.unrecognised("bogus"),
        .emptyName("usb:"),
        .noBoardAttached,
        .emulatorServiceFailed(device: "alice", reason: "no service"),
        .usbOpenFailed(device: "usb:FT1", reason: "busy"),
        .bringUpFailed("usb:FT1", reason: "no answer"),
        .noSuchUSBBoard(serial: "X", available: []),
        .unknownBoard("b", available: ["a"]),
    ])
    func otherReasons(choice: DeviceChoiceError) {
        let error = NIError(openingRadio: choice)
        #expect(error.code == .unsupportedPlatform)
        #expect(error.detail == choice.description)
    }
}
