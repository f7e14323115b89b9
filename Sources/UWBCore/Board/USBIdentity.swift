/// How a board shows itself on USB.
public struct USBIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The USB vendor id (0x0403 for FTDI).
    public var vendorID: UInt16
    /// The USB product id (0x6014 for an FT232H with a blank or default EEPROM).
    public var productID: UInt16
    /// The USB-to-SPI bridge chip.
    public var bridge: USBBridge
    /// The product string the board reports, if the description names one.
    public var product: String?

    /// An identity with the given ids, bridge and optional product string.
    public init(vendorID: UInt16, productID: UInt16, bridge: USBBridge, product: String? = nil) {
        self.vendorID = vendorID
        self.productID = productID
        self.bridge = bridge
        self.product = product
    }

    /// The ids as `lsusb` prints them, then the bridge, for example `0403:6014 (FT232H)`.
    public var description: String {
        "\(hex4(vendorID)):\(hex4(productID)) (\(bridge))"
    }

    private func hex4(_ value: UInt16) -> String {
        hexDigits(UInt64(value), count: 4, uppercase: false)
    }
}
