import CLibUSB

/// An opened USB device (`libusb_open` … `libusb_close`).
///
/// The handle keeps its ``USBDevice`` (and so the ``USBContext``) alive and is closed when the
/// last reference goes; interfaces claimed through it (``USBInterfaceClaim``) keep the handle
/// alive, so they are released before it closes. Use a handle from one thread at a time.
public final class USBDeviceHandle {
    /// The device this handle opened.
    public let device: USBDevice
    /// The `libusb_device_handle *`.
    let pointer: OpaquePointer

    /// Opens `device`.
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/accessDenied`` when the user may not open the
    ///   device node (install the udev rule), ``USBErrorCode/noDevice`` if it was unplugged.
    public init(device: USBDevice) throws(USBError) {
        var handle: OpaquePointer?
        try USBError.check(libusb_open(device.pointer, &handle), "opening \(device)")
        guard let handle else {
            throw USBError(.other, operation: "opening \(device) (no handle returned)")
        }
        self.device = device
        pointer = handle
    }

    deinit {
        libusb_close(pointer)
    }

    /// The string descriptor at `index` in the device's first language, as ASCII.
    ///
    /// - Throws: ``USBError`` if the device does not answer (``USBErrorCode/pipe`` for an
    ///   index it does not have).
    public func string(at index: UInt8, timeout: Duration = .seconds(1)) throws(USBError) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = try buffer.withUnsafeMutableBufferPointer { (octets) throws(USBError) -> Int32 in
            try USBError.check(
                libusb_get_string_descriptor_ascii(pointer, index, octets.baseAddress, Int32(octets.count)),
                "reading string descriptor \(index) of \(device)")
        }
        return String(decoding: buffer.prefix(Int(count)), as: UTF8.self)
    }

    /// The device's serial number string, or nil if its descriptor has none (iSerialNumber 0).
    ///
    /// - Throws: ``USBError`` if the device does not answer.
    public func serialNumber() throws(USBError) -> String? {
        let index = device.descriptor.serialNumberIndex
        return index == 0 ? nil : try string(at: index)
    }

    /// Whether a kernel driver (for an FT232H: `ftdi_sio`) is bound to `interface`.
    ///
    /// - Throws: ``USBError`` if libusb cannot tell (``USBErrorCode/notSupported`` off Linux).
    public func isKernelDriverActive(interface: Int32) throws(USBError) -> Bool {
        try USBError.check(libusb_kernel_driver_active(pointer, interface),
                           "checking the kernel driver on interface \(interface) of \(device)") == 1
    }

    /// Detaches the kernel driver from `interface` if one is bound, so that it can be claimed.
    /// Returns whether a driver was detached. The kernel rebinds it when the device is replugged.
    ///
    /// - Throws: ``USBError`` if the driver cannot be detached (for example
    ///   ``USBErrorCode/accessDenied``).
    @discardableResult
    public func detachKernelDriver(interface: Int32) throws(USBError) -> Bool {
        do {
            guard try isKernelDriverActive(interface: interface) else { return false }
        } catch where error.code == .notSupported {
            return false
        }
        do {
            try USBError.check(libusb_detach_kernel_driver(pointer, interface),
                               "detaching the kernel driver from interface \(interface) of \(device)")
        } catch where error.code == .notFound {
            return false  // It went away between the check and the detach.
        }
        return true
    }

    /// Claims `interface`; the returned claim releases it when it goes.
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/busy`` if another program or driver has it,
    ///   ``USBErrorCode/notFound`` if the device has no such interface.
    public func claimInterface(_ interface: Int32) throws(USBError) -> USBInterfaceClaim {
        try USBInterfaceClaim(handle: self, interface: interface)
    }
}
