import Foundation
import Testing
import UWBDevices

@Suite("DeviceChoice: UWB_DEVICE parsing and opening")
struct DeviceChoiceTests {
    static let acceptedValues: [(String?, DeviceChoice)] = [
        (nil, .firstAttachedBoard),
        ("", .firstAttachedBoard),
        ("  ", .firstAttachedBoard),
        ("emulator:alice", .emulatorDevice("alice")),
        (" emulator:alice ", .emulatorDevice("alice")),
        ("usb:FT12345", .usbBoard(serial: "FT12345")),
    ]

    static let refusedValues: [(String, DeviceChoiceError)] = [
        ("emulator:", .emptyName("emulator:")),
        ("usb:", .emptyName("usb:")),
        ("bogus", .unrecognised("bogus")),
        ("EMULATOR:x", .unrecognised("EMULATOR:x")),
    ]

    @Test("the forms of the table are accepted", arguments: acceptedValues)
    func accepted(value: String?, choice: DeviceChoice) throws {
        #expect(try DeviceChoice(environmentValue: value) == choice)
    }

    @Test("anything else is refused with the reason", arguments: refusedValues)
    func refused(value: String, expected: DeviceChoiceError) {
        #expect(throws: expected) { try DeviceChoice(environmentValue: value) }
    }

    @Test("a choice's description is the UWB_DEVICE value that names it",
          arguments: [DeviceChoice.firstAttachedBoard, .emulatorDevice("alice"), .usbBoard(serial: "FT12345")])
    func descriptionRoundTrip(choice: DeviceChoice) throws {
        #expect(try DeviceChoice(environmentValue: choice.description) == choice)
    }

    @Test("fromEnvironment reads UWB_DEVICE, and an environment without it chooses the first attached board")
    func fromEnvironment() throws {
        #expect(DeviceChoice.environmentVariable == "UWB_DEVICE")
        #expect(try DeviceChoice.fromEnvironment([:]) == .firstAttachedBoard)
        #expect(try DeviceChoice.fromEnvironment(["OTHER": "usb:X"]) == .firstAttachedBoard)
        #expect(try DeviceChoice.fromEnvironment(["UWB_DEVICE": "usb:X"]) == .usbBoard(serial: "X"))
        #expect(throws: DeviceChoiceError.unrecognised("bogus")) { try DeviceChoice.fromEnvironment(["UWB_DEVICE": "bogus"]) }
    }

    @Test("with no board attached (this machine), opening says so",
          arguments: [
              (DeviceChoice.firstAttachedBoard, DeviceChoiceError.noBoardAttached),
              (.usbBoard(serial: "FT12345"), .noSuchUSBBoard(serial: "FT12345", available: [])),
          ])
    func open(choice: DeviceChoice, expected: DeviceChoiceError) {
        #expect {
            _ = try choice.open()
        } throws: { error in
            // A machine without usbfs cannot even list the bus: that is the other honest answer.
            guard let error = error as? DeviceChoiceError else { return false }
            if case .usbOpenFailed(device: "the USB bus", _) = error { return true }
            return error == expected
        }
    }

    @Test("every error's description names the problem and tells the user what to do",
          arguments: [
              (DeviceChoiceError.unrecognised("bogus"), ["UWB_DEVICE=bogus", "use emulator:NAME", "usb:SERIAL", "leave it unset"]),
              (.emptyName("usb:"), ["UWB_DEVICE=usb:", "put its serial number after the colon", "uwb devices"]),
              (.emptyName("emulator:"), ["UWB_DEVICE=emulator:", "put the emulator service's device name after the colon"]),
              (.noBoardAttached, ["no UWB board is attached", "uwb devices", "UWB_DEVICE=emulator:NAME", "uwb emulator serve", "emulation.radio(NAME)"]),
              (.accessDenied(device: "usb:FT12345", reason: "permission denied (LIBUSB_ERROR_ACCESS)"), ["cannot open usb:FT12345", "LIBUSB_ERROR_ACCESS"]),
              (.emulatorServiceFailed(device: "alice", reason: "no emulator service at /x"), ["UWB_DEVICE=emulator:alice", "no emulator service at /x"]),
              (.usbOpenFailed(device: "usb:FT12345", reason: "permission denied"), ["cannot open usb:FT12345", "permission denied"]),
              (.noSuchUSBBoard(serial: "FT12345", available: ["FT999"]), ["FT12345", "attached: FT999"]),
              (.noSuchUSBBoard(serial: "FT12345", available: []), ["FT12345", "uwb devices"]),
              (.unknownBoard("nope", available: ["ft232h-dw1000-dual"]), ["UWB_BOARD=nope", "ft232h-dw1000-dual"]),
              (.bringUpFailed("usb:X", reason: "DEV_ID"), ["usb:X", "DEV_ID", "replug"]),
          ])
    func descriptions(error: DeviceChoiceError, fragments: [String]) {
        for fragment in fragments {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test("emulator:NAME with no service running names the socket and how to start one")
    func noEmulatorService() {
        let path = "/tmp/swift-uwb-no-service-\(UUID().uuidString.prefix(8)).sock"
        #expect {
            _ = try DeviceChoice.openEmulatorDevice("alice", socketPath: path)
        } throws: { error in
            guard case DeviceChoiceError.emulatorServiceFailed(device: "alice", let reason) = error else { return false }
            return reason.contains(path) && reason.contains("uwb emulator serve")
        }
    }
}
