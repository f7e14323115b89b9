import CLibUSB

/// An attached USB device as libusb enumerated it (a referenced `libusb_device`), not yet
/// opened. Open it with ``USBDeviceHandle/init(device:)``.
///
/// A device keeps its ``USBContext`` alive.
public final class USBDevice: @unchecked Sendable, CustomStringConvertible {
    /// The context the device was enumerated in.
    public let context: USBContext
    /// The device's ids and place on the bus.
    public let descriptor: USBDeviceDescriptor
    /// The referenced `libusb_device *`.
    let pointer: OpaquePointer

    /// Takes a reference on `device` (released in `deinit`) and reads its descriptor.
    init(context: USBContext, retaining device: OpaquePointer) {
        self.context = context
        pointer = libusb_ref_device(device)
        var raw = libusb_device_descriptor()
        // Cannot fail since libusb 1.0.16: the descriptor is cached at enumeration.
        _ = libusb_get_device_descriptor(device, &raw)
        var ports = [UInt8](repeating: 0, count: 7)
        let depth = ports.withUnsafeMutableBufferPointer { buffer in
            libusb_get_port_numbers(device, buffer.baseAddress, Int32(buffer.count))
        }
        descriptor = USBDeviceDescriptor(
            vendorID: raw.idVendor, productID: raw.idProduct, deviceRelease: raw.bcdDevice,
            serialNumberIndex: raw.iSerialNumber, busNumber: libusb_get_bus_number(device),
            portPath: depth > 0 ? Array(ports.prefix(Int(depth))) : [],
            address: libusb_get_device_address(device))
    }

    deinit {
        libusb_unref_device(pointer)
    }

    /// The wMaxPacketSize of `endpoint` in the active configuration (512 for a high-speed
    /// bulk endpoint, 64 at full speed).
    ///
    /// - Throws: ``USBError`` with ``USBErrorCode/notFound`` if the endpoint does not exist.
    public func maxPacketSize(endpoint: UInt8) throws(USBError) -> Int {
        Int(try USBError.check(libusb_get_max_packet_size(pointer, endpoint),
                               "reading the max packet size of endpoint \(hex2(endpoint)) of \(descriptor)"))
    }

    /// The descriptor's summary, for example `0403:6014 at 1-2 (address 5)`.
    public var description: String { descriptor.description }
}

