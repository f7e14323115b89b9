/// One SPI transaction while chip select is low: a header, then a body that is either written or read.
public struct SPITransaction: Hashable, Sendable {
    /// What happens after the header.
    public enum Body: Hashable, Sendable {
        /// The host writes these octets.
        case write([UInt8])
        /// The host clocks in this many octets.
        case read(count: Int)
    }

    /// The header octets (for the DW1000, 1 to 3 octets naming the register and direction).
    public let header: [UInt8]
    /// The body.
    public let body: Body

    /// A transaction with the given header and body.
    public init(header: [UInt8], body: Body) {
        self.header = header
        self.body = body
    }

    /// How many octets the host expects back: the read count, or zero for a write.
    public var responseLength: Int {
        switch body {
        case .write: 0
        case .read(let count): max(0, count)
        }
    }
}
