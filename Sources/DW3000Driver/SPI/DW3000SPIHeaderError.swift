/// Why a ``DW3000SPIHeader`` could not be made or decoded.
public enum DW3000SPIHeaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The base address is above 0x1F or the sub-address above 0x7F.
    case addressOutOfRange(file: Int, offset: Int)
    /// There were no octets to decode.
    case empty
    /// A full-addressed header's second octet is missing.
    case truncated

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case let .addressOutOfRange(file, offset):
            "base address \(file) with sub-address \(offset) cannot be addressed: the DW3000 has base addresses 0x00-0x1F "
                + "and sub-addresses 0x00-0x7F; reach octets further into a buffer through an indirect pointer"
        case .empty:
            "a DW3000 SPI header needs at least 1 octet but none were given; pass the transaction's first octets"
        case .truncated:
            "the header announces a full address (bit 6 set) but its second octet is missing; pass both header octets"
        }
    }
}
