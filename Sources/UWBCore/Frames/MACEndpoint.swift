/// One end of a MAC frame: the PAN a device belongs to and its address within that PAN.
public struct MACEndpoint: Hashable, Sendable {
    /// The PAN identifier of the device.
    public let pan: PANIdentifier
    /// The device's short or extended address.
    public let address: MACAddress

    /// Pairs a PAN identifier with an address.
    public init(pan: PANIdentifier, address: MACAddress) {
        self.pan = pan
        self.address = address
    }
}
