import CLibUSB

/// A claimed interface of an open device (`libusb_claim_interface` … `libusb_release_interface`).
///
/// The claim keeps its ``USBDeviceHandle`` alive, so the interface is always released before the
/// handle closes. Release happens at ``release()`` or when the claim goes; a release that fails
/// because the device was unplugged is ignored, since there is nothing left to release.
public final class USBInterfaceClaim {
    /// The open device the interface belongs to.
    public let handle: USBDeviceHandle
    /// The interface number (bInterfaceNumber).
    public let interface: Int32

    /// Claims `interface` on `handle`.
    ///
    /// - Throws: ``USBError`` if the interface cannot be claimed.
    init(handle: USBDeviceHandle, interface: Int32) throws(USBError) {
        try USBError.check(libusb_claim_interface(handle.pointer, interface),
                           "claiming interface \(interface) of \(handle.device)")
        self.handle = handle
        self.interface = interface
    }

    /// Whether the interface has been released.
    private var released = false

    deinit {
        release()
    }

    /// Releases the interface now, so that it can be claimed again (by this process through another
    /// handle, or by another process); transfers on it fail from then on. Releasing twice does
    /// nothing.
    public func release() {
        guard !released else { return }
        released = true
        _ = libusb_release_interface(handle.pointer, interface)
    }
}
