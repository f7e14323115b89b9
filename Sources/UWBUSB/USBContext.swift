import CLibUSB

/// A libusb session (`libusb_init` … `libusb_exit`): the root every other UWBUSB object keeps
/// alive.
///
/// Devices, handles, claims and hotplug registrations hold a strong reference to the context
/// they came from, so the context exits only after all of them are gone: resources are released
/// in the reverse order of acquisition by Swift's reference counting alone.
///
/// libusb contexts are thread-safe, so a context may be shared between threads.
public final class USBContext: @unchecked Sendable {
    /// The `libusb_context *`.
    let pointer: OpaquePointer

    /// Starts a libusb session.
    ///
    /// - Throws: ``USBError`` if libusb cannot start (for example no usbfs on this system).
    public init() throws(USBError) {
        var context: OpaquePointer?
        try USBError.check(libusb_init(&context), "starting libusb")
        guard let context else {
            throw USBError(.other, operation: "starting libusb (no context returned)")
        }
        pointer = context
    }

    deinit {
        libusb_exit(pointer)
    }

    /// Whether this libusb reports hotplug events (the Linux udev and netlink backends do).
    public var supportsHotplug: Bool {
        libusb_has_capability(UInt32(LIBUSB_CAP_HAS_HOTPLUG.rawValue)) != 0
    }

    /// The devices attached now, with their descriptors, in libusb's order.
    ///
    /// - Throws: ``USBError`` if the bus cannot be enumerated.
    public func devices() throws(USBError) -> [USBDevice] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = try USBError.check(Int32(clamping: libusb_get_device_list(pointer, &list)), "listing USB devices")
        guard let list else { return [] }
        defer { libusb_free_device_list(list, 1) }
        return (0..<Int(count)).compactMap { index in
            list[index].map { USBDevice(context: self, retaining: $0) }
        }
    }

    /// Runs libusb's event handling once, waiting up to `timeout` for an event: completes
    /// asynchronous transfers and delivers hotplug callbacks (``registerHotplug(vendorID:productID:enumerateAttached:handler:)``)
    /// on the calling thread.
    ///
    /// - Throws: ``USBError`` if event handling fails.
    public func handleEvents(timeout: Duration) throws(USBError) {
        let milliseconds = Int(libusbMilliseconds(timeout))
        var interval = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        try USBError.check(libusb_handle_events_timeout_completed(pointer, &interval, nil), "handling USB events")
    }
}
