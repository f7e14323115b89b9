import Foundation
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBUSB

/// The lines `uwb capture` prints for Wireshark's extcap queries (Wireshark Developer's Guide,
/// "Capture › Extcap", https://www.wireshark.org/docs/wsdg_html_chunked/ChCaptureExtcap.html):
/// `extcap`, `interface`, `dlt` and `arg` sentences, each a keyword followed by `{key=value}` fields.
enum ExtcapSentences {
    /// `--extcap-interfaces`: the program, then one interface per attached board with a serial
    /// number, and `uwb-emulator` when an emulator service answers at its socket.
    static func interfaces(boards: [String], emulatorSocket: String?) -> String {
        var lines = ["extcap {version=\(UWBVersion.current)}{display=swift-uwb: UWB frames from DW1000 boards and the emulator}"]
        for serial in boards {
            lines.append("interface {value=\(ExtcapInterface.usbBoard(serial: serial).name)}{display=UWB board usb:\(field(serial))}")
        }
        if let emulatorSocket {
            lines.append("interface {value=\(ExtcapInterface.emulatorName)}{display=UWB emulator service at \(field(emulatorSocket))}")
        }
        return lines.joined(separator: "\n")
    }

    /// `--extcap-dlts`: every interface gives IEEE 802.15.4 frames with their FCS.
    static let dataLinkTypes = "dlt {number=\(PcapngFileWriter.linkType)}{name=IEEE802_15_4_WITHFCS}{display=IEEE 802.15.4 with FCS}"

    /// `--extcap-config`: the emulator's interface asks for the device name (by default the one
    /// `UWB_DEVICE` names); a board's needs nothing.
    static func configuration(for interface: ExtcapInterface, defaultDevice: String?) -> String {
        guard interface == .emulator else { return "" }
        return "arg {number=0}{call=--emulator-device}{display=Device}{type=string}"
            + "{tooltip=A free device of the emulator service's scenario (one without a transmit script)}"
            + (defaultDevice.map { "{default=\(field($0))}" } ?? "") + "{required=true}"
    }

    /// The serial numbers of the attached boards, or none when USB cannot be searched (a listing
    /// for Wireshark must not fail).
    static func attachedSerials() -> [String] {
        guard let boards = try? USBBoardDiscovery.catalogBoards(), !boards.isEmpty,
              let context = try? USBContext(),
              let attached = try? USBBoardDiscovery.attachedBoards(in: context, boards: boards)
        else { return [] }
        return attached.compactMap(\.serialNumber)
    }

    /// The emulator service's socket path if a service answers there.
    static func liveEmulatorSocket(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = DeviceChoice.serviceSocket(environment[DeviceChoice.socketVariable])
        guard let socket = try? UnixSocket.connect(to: path) else { return nil }
        socket.close()
        return path
    }

    /// `value` without the braces and newlines that would end a field.
    private static func field(_ value: String) -> String {
        String(value.filter { $0 != "{" && $0 != "}" && !$0.isNewline })
    }
}
