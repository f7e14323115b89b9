import CLibUSB

/// What kind of failure a libusb call reported: the `libusb_error` codes, one case each.
public enum USBErrorCode: Int32, Hashable, Sendable, CaseIterable {
    /// `LIBUSB_ERROR_IO`: input/output error on the bus.
    case io = -1
    /// `LIBUSB_ERROR_INVALID_PARAM`: a parameter libusb rejected.
    case invalidParameter = -2
    /// `LIBUSB_ERROR_ACCESS`: permission denied on the device node.
    case accessDenied = -3
    /// `LIBUSB_ERROR_NO_DEVICE`: the device is gone (unplugged).
    case noDevice = -4
    /// `LIBUSB_ERROR_NOT_FOUND`: no such device, interface or endpoint (or no kernel driver).
    case notFound = -5
    /// `LIBUSB_ERROR_BUSY`: another program or driver holds the device or interface.
    case busy = -6
    /// `LIBUSB_ERROR_TIMEOUT`: the transfer did not complete in time.
    case timedOut = -7
    /// `LIBUSB_ERROR_OVERFLOW`: the device sent more than the buffer holds.
    case overflow = -8
    /// `LIBUSB_ERROR_PIPE`: the endpoint stalled or the control request was rejected.
    case pipe = -9
    /// `LIBUSB_ERROR_INTERRUPTED`: a system call was interrupted.
    case interrupted = -10
    /// `LIBUSB_ERROR_NO_MEM`: out of memory.
    case noMemory = -11
    /// `LIBUSB_ERROR_NOT_SUPPORTED`: the operation is not supported on this platform or build.
    case notSupported = -12
    /// `LIBUSB_ERROR_OTHER` or a code this wrapper does not know.
    case other = -99

    /// The case for a negative libusb return value; unknown values give ``other``.
    init(libusbCode: Int32) {
        self = USBErrorCode(rawValue: libusbCode) ?? .other
    }

    /// libusb's own name for the code, for example `LIBUSB_ERROR_ACCESS`.
    public var libusbName: String {
        String(cString: libusb_error_name(rawValue))
    }
}
