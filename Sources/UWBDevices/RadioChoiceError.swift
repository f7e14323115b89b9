/// Why a radio could not be chosen or opened.
public enum RadioChoiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `UWB_DEVICE` holds something not understood.
    case unrecognised(String)
    /// `UWB_DEVICE` is `emulator:` or `usb:` with nothing after it.
    case emptyName(String)
    /// No board is attached (and `UWB_DEVICE` is unset).
    case noBoardAttached
    /// The emulator service named by `emulator:NAME` cannot be reached.
    case emulatorServiceUnavailable(device: String)
    /// The USB board named by `usb:SERIAL` cannot be opened.
    case usbUnavailable(serial: String)
    /// An in-process emulation has no device of this name.
    case noSuchEmulatedDevice(String, available: [String])

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .unrecognised(let value):
            "UWB_DEVICE=\(value) is not understood: use emulator:NAME for a device of the emulator service, "
                + "usb:SERIAL for a USB board, or leave it unset for the first attached board"
        case .emptyName(let value):
            "UWB_DEVICE=\(value) names no device: put the device name or board serial after the colon"
        case .noBoardAttached:
            "no UWB board is attached, and UWB_DEVICE is unset: this build has no USB backend yet, so use the "
                + "in-process emulator (DeviceService(radio:) with an EmulatedRadio, as `uwb demo` does)"
        case .emulatorServiceUnavailable(let device):
            "UWB_DEVICE=emulator:\(device) needs the emulator service, which this build cannot reach yet; "
                + "use the in-process emulator (DeviceService(radio:) with an EmulatedRadio, as `uwb demo` does)"
        case .usbUnavailable(let serial):
            "UWB_DEVICE=usb:\(serial) names a USB board, but this build has no USB backend yet; "
                + "use the in-process emulator (DeviceService(radio:) with an EmulatedRadio, as `uwb demo` does)"
        case .noSuchEmulatedDevice(let name, let available):
            "the emulation has no device called \"\(name)\"; its devices are "
                + (available.isEmpty ? "none" : available.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}
