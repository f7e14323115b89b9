import UCI
import UCIClient

/// Why a device could not be chosen or opened.
public enum DeviceChoiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `UWB_DEVICE` holds something not understood.
    case unrecognised(String)
    /// `UWB_DEVICE` is `emulator:` or `usb:` with nothing after it.
    case emptyName(String)
    /// No board is attached (and `UWB_DEVICE` is unset).
    case noBoardAttached
    /// The emulator service did not give `emulator:NAME`'s device; `reason` says why.
    case emulatorServiceFailed(device: String, reason: String)
    /// A USB board (or the bus) could not be opened; `reason` says why (unplugged, busy, …).
    case usbOpenFailed(device: String, reason: String)
    /// This user may not open the USB board (its device node's permissions); `reason` says more.
    case accessDenied(device: String, reason: String)
    /// The driver could not bring up or configure the board's chips.
    case bringUpFailed(String, reason: String)
    /// No attached board has this serial number.
    case noSuchUSBBoard(serial: String, available: [String])
    /// `UWB_BOARD` names no board description that matches the attached device.
    case unknownBoard(String, available: [String])
    /// `UWB_BOARD` is not set and no board description fits what the chip probe of the USB board
    /// `device` found; `chips` says what each chip-select answered, `available` the descriptions
    /// with the board's USB id.
    case noFittingBoard(device: String, chips: [String], available: [String])
    /// `UWB_DEVICE=uci:…` names an endpoint that is not understood.
    case badUCIEndpoint(UCIClientError)
    /// The UCI device could not be reached or brought up.
    case uciDeviceFailed(UCIClientError)
    /// The UCI trace `UWB_UCI_TRACE` names could not be written.
    case uciTraceFailed(UCITraceError)
    /// The choice is a UCI device, which ranges by itself: it runs sessions but has no registers
    /// or frames for the commands that need a radio.
    case notARadio(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .unrecognised(let value):
            "UWB_DEVICE=\(value) is not understood: use emulator:NAME for a device of the emulator service, "
                + "usb:SERIAL for a USB board, uci:tcp://HOST:PORT or uci:/dev/ttyACM0 for a UCI device, "
                + "or leave it unset for the first attached board"
        case .emptyName(let value):
            value.hasPrefix("usb:")
                ? "UWB_DEVICE=\(value) names no board: put its serial number after the colon (`uwb devices` lists them)"
                : value.hasPrefix("uci:")
                ? "UWB_DEVICE=\(value) names no UCI device: write uci:tcp://HOST:PORT or uci:/dev/ttyACM0"
                : "UWB_DEVICE=\(value) names no device: put the emulator service's device name after the colon"
        case .noBoardAttached:
            "no UWB board is attached (UWB_DEVICE is unset, so the first attached board was looked for): plug one in "
                + "(`uwb devices` lists them), or set UWB_DEVICE=emulator:NAME for a device of a running `uwb emulator serve` "
                + "(in code: DeviceService(radio: emulation.radio(NAME)) on an in-process Emulation, as `uwb demo` does)"
        case .emulatorServiceFailed(let device, let reason):
            "UWB_DEVICE=emulator:\(device): \(reason)"
        case .usbOpenFailed(let device, let reason):
            "cannot open \(device): \(reason)"
        case .accessDenied(let device, let reason):
            "cannot open \(device): \(reason)"
        case .bringUpFailed(let name, let reason):
            "the board \(name) did not come up: \(reason); unplug and replug it, and check the wiring (Hardware/wiring/)"
        case .noSuchUSBBoard(let serial, let available):
            "no attached board has the serial number \(serial); attached: "
                + (available.isEmpty ? "none (`uwb devices` lists them)" : available.joined(separator: ", "))
        case .unknownBoard(let id, let available):
            "UWB_BOARD=\(id) is not a board description of the attached device; use one of "
                + available.joined(separator: ", ")
        case .noFittingBoard(let device, let chips, let available):
            "no board description fits \(device) (UWB_BOARD is not set, so its chips were probed: "
                + (chips.isEmpty ? "nothing was read" : chips.joined(separator: "; "))
                + "); check its power and wiring (`uwb devices` probes it again), or set UWB_BOARD to the description of the board: "
                + available.joined(separator: ", ")
        case .badUCIEndpoint(let error), .uciDeviceFailed(let error):
            "UWB_DEVICE: \(error)"
        case .uciTraceFailed(let error):
            "UWB_UCI_TRACE: \(error)"
        case .notARadio(let value):
            "UWB_DEVICE=\(value) is a UCI device, which ranges by itself: it runs NISessions, but this needs a radio's "
                + "registers and frames; use usb:SERIAL or emulator:NAME here"
        }
    }
}
