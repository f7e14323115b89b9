import Foundation
import UWBDevices

/// One of `uwb capture`'s Wireshark extcap interfaces: an attached USB board, or a device of the
/// emulator service named in the interface's options (or by `UWB_DEVICE`).
///
/// Interface names carry a `uwb-` prefix and no colon, so they cannot clash with another extcap's
/// and `tshark -i` takes them as they are.
enum ExtcapInterface: Equatable {
    /// The attached USB board with this serial number: `uwb-usb-SERIAL`.
    case usbBoard(serial: String)
    /// A device of the emulator service: `uwb-emulator`.
    case emulator

    /// The prefix of a USB board's interface name.
    static let usbPrefix = "uwb-usb-"
    /// The name of the emulator service's interface.
    static let emulatorName = "uwb-emulator"

    /// The interface called `name`.
    ///
    /// - Throws: `CommandFailure` naming the interfaces there are, for any other name.
    init(name: String) throws {
        if name == Self.emulatorName {
            self = .emulator
        } else if name.hasPrefix(Self.usbPrefix), name.count > Self.usbPrefix.count {
            self = .usbBoard(serial: String(name.dropFirst(Self.usbPrefix.count)))
        } else {
            throw CommandFailure(
                "\(name) is not an interface of uwb capture: its interfaces are \(Self.emulatorName) and "
                    + "\(Self.usbPrefix)SERIAL for an attached board (`uwb capture --extcap-interfaces` lists those there are now)")
        }
    }

    /// The interface's name.
    var name: String {
        switch self {
        case .usbBoard(let serial): Self.usbPrefix + serial
        case .emulator: Self.emulatorName
        }
    }

    /// The radio to capture with: the board, or the emulator device `device` names (else the one
    /// `UWB_DEVICE` names).
    ///
    /// - Throws: `CommandFailure` when the emulator's device is named nowhere.
    func choice(device: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> DeviceChoice {
        switch self {
        case .usbBoard(let serial):
            return .usbBoard(serial: serial)
        case .emulator:
            if let device, !device.isEmpty {
                return .emulatorDevice(device)
            }
            if case .emulatorDevice(let name)? = try? DeviceChoice.fromEnvironment(environment) {
                return .emulatorDevice(name)
            }
            throw CommandFailure(
                "\(Self.emulatorName) needs the name of a free device of the emulator service: give it in the "
                    + "interface's options in Wireshark (--emulator-device NAME), or set UWB_DEVICE=emulator:NAME")
        }
    }
}
