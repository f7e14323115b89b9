/// One vendor control request an ``EmulatedFT232H`` received.
public struct EmulatedControlRequest: Hashable, Sendable, CustomStringConvertible {
    /// bRequest.
    public var request: UInt8
    /// wValue.
    public var value: UInt16
    /// wIndex.
    public var index: UInt16

    /// A request with these fields.
    public init(request: UInt8, value: UInt16, index: UInt16) {
        self.request = request
        self.value = value
        self.index = index
    }

    /// For example `0x0B 0x020B @1`.
    public var description: String {
        "0x\(String(request, radix: 16, uppercase: true)) 0x\(String(value, radix: 16, uppercase: true)) @\(index)"
    }
}
