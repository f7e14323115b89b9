import UWBCore

/// Where a USB device is and what it says it is: the device descriptor's ids and the bus
/// topology, all readable without opening the device.
public struct USBDeviceDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// idVendor, for example 0x0403 (FTDI).
    public let vendorID: UInt16
    /// idProduct, for example 0x6014 (FT232H).
    public let productID: UInt16
    /// bcdDevice, the device release (0x0900 identifies an FT232H).
    public let deviceRelease: UInt16
    /// iSerialNumber, the index of the serial string descriptor; 0 if the device has none.
    public let serialNumberIndex: UInt8
    /// The bus the device is on (as `lsusb` numbers it).
    public let busNumber: UInt8
    /// The hub ports from the root hub down to the device, for example `[2]` or `[1, 3]`.
    public let portPath: [UInt8]
    /// The device's address on its bus, the `DDD` of `/dev/bus/usb/BBB/DDD`.
    public let address: UInt8

    /// A descriptor with the given fields.
    public init(
        vendorID: UInt16, productID: UInt16, deviceRelease: UInt16, serialNumberIndex: UInt8,
        busNumber: UInt8, portPath: [UInt8], address: UInt8
    ) {
        self.vendorID = vendorID
        self.productID = productID
        self.deviceRelease = deviceRelease
        self.serialNumberIndex = serialNumberIndex
        self.busNumber = busNumber
        self.portPath = portPath
        self.address = address
    }

    /// The port location as sysfs names it: `<bus>-<port>.<port>…`, for example `1-2` or
    /// `3-1.4`; just the bus number for a root hub.
    public var location: String {
        portPath.isEmpty
            ? "\(busNumber)"
            : "\(busNumber)-" + portPath.map(String.init).joined(separator: ".")
    }

    /// The ids as `lsusb` prints them, for example `0403:6014`.
    public var usbID: String {
        "\(hex4(vendorID)):\(hex4(productID))"
    }

    /// The device node libusb opens, for example `/dev/bus/usb/001/005`.
    public var deviceNode: String {
        "/dev/bus/usb/\(decimal3(busNumber))/\(decimal3(address))"
    }

    /// `0403:6014 at 1-2 (address 5)`.
    public var description: String {
        "\(usbID) at \(location) (address \(address))"
    }

    private func hex4(_ value: UInt16) -> String {
        hexDigits(UInt64(value), count: 4, uppercase: false)
    }

    private func decimal3(_ value: UInt8) -> String {
        let digits = String(value)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }
}
