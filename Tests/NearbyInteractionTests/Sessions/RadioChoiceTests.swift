import Foundation
import Testing
import UWBCore
import UWBDevices
import UWBEmulator

/// `UWB_DEVICE` parsing and opening, without touching the process environment: values are given
/// directly or in a dictionary standing in for the environment.
@Suite("Radio choice")
struct RadioChoiceTests {
    @Test("unset, empty and blank values choose the first attached board")
    func defaultChoice() throws {
        for value in [nil, "", "   "] as [String?] {
            #expect(try RadioChoice(environmentValue: value) == .firstAttachedBoard)
        }
        #expect(try RadioChoice.fromEnvironment([:]) == .firstAttachedBoard)
        #expect(try RadioChoice.fromEnvironment(["OTHER": "emulator:x"]) == .firstAttachedBoard)
    }

    @Test("emulator:NAME and usb:SERIAL, trimmed, round-trip through their description", arguments: [
        ("emulator:alice", RadioChoice.emulatorDevice("alice")),
        ("  emulator:bob  ", .emulatorDevice("bob")),
        ("emulator:a:b", .emulatorDevice("a:b")),
        ("usb:FT123", .usbBoard(serial: "FT123")),
    ])
    func recognised(value: String, choice: RadioChoice) throws {
        let parsed = try RadioChoice(environmentValue: value)
        #expect(parsed == choice)
        #expect(try RadioChoice(environmentValue: parsed.description) == parsed)
        #expect(try RadioChoice.fromEnvironment([RadioChoice.environmentVariable: value]) == choice)
    }

    @Test("a prefix with nothing after it: .emptyName", arguments: ["emulator:", "usb:", " usb: "])
    func emptyName(value: String) {
        #expect(throws: RadioChoiceError.emptyName(value.trimmingCharacters(in: .whitespaces))) {
            try RadioChoice(environmentValue: value)
        }
    }

    @Test("anything else: .unrecognised, with a message naming the forms", arguments: ["alice", "Emulator:alice", "usb", "tcp:1.2.3.4", "emulator"])
    func unrecognised(value: String) {
        #expect(throws: RadioChoiceError.unrecognised(value)) {
            try RadioChoice(environmentValue: value)
        }
        let message = RadioChoiceError.unrecognised(value).description
        #expect(message.contains("emulator:NAME") && message.contains("usb:SERIAL"))
    }

    @Test("opening fails in this build, saying what to use instead", arguments: [
        (RadioChoice.firstAttachedBoard, RadioChoiceError.noBoardAttached),
        (.emulatorDevice("alice"), .emulatorServiceUnavailable(device: "alice")),
        (.usbBoard(serial: "FT123"), .usbUnavailable(serial: "FT123")),
    ])
    func openFails(choice: RadioChoice, error: RadioChoiceError) {
        #expect(throws: error) {
            try choice.open()
        }
        #expect(error.description.contains("in-process emulator"))
    }

    @Test("an emulated radio for a device the emulation lacks: .noSuchEmulatedDevice listing the devices")
    func noSuchEmulatedDevice() throws {
        let world = try SessionWorld(devices: [SessionWorld.device("alice", at: .zero)])
        #expect(throws: RadioChoiceError.noSuchEmulatedDevice("carol", available: ["alice"])) {
            try EmulatedRadio("carol", in: world.emulation)
        }
        #expect(RadioChoiceError.noSuchEmulatedDevice("carol", available: ["alice"]).description.contains("\"alice\""))
        #expect(RadioChoiceError.noSuchEmulatedDevice("carol", available: []).description.contains("none"))
        let radio = try EmulatedRadio("alice", in: world.emulation)
        #expect(radio.name == "emulator:alice")
        #expect(radio.kind == .emulated)
    }
}
