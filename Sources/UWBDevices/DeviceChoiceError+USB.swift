import UWBUSB

extension DeviceChoiceError {
    /// Why the USB board `device` (`usb:SERIAL`) could not be opened, from libusb's `problem`:
    /// ``accessDenied(device:reason:)`` when this user may not open it (no udev rule; the reason then
    /// says how to install it), ``usbOpenFailed(device:reason:)`` for anything else.
    init(opening device: String, failedWith problem: USBError) {
        self = problem.code == .accessDenied
            ? .accessDenied(device: device, reason: problem.description)
            : .usbOpenFailed(device: device, reason: problem.description)
    }
}
