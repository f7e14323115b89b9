/// Why an ``DW1000SPIHeader`` could not be made or decoded.
public enum DW1000SPIHeaderError: Error, Equatable, CustomStringConvertible {
    /// The register file ID is above 0x3F.
    case fileOutOfRange(UInt8)
    /// The sub-index is above 0x7FFF.
    case subIndexOutOfRange(Int)
    /// The octet offset is not inside the register.
    case offsetOutsideRegister(register: String, offset: Int, length: Int)
    /// There were no octets to decode.
    case empty
    /// The header's flags announce more octets than were given.
    case truncated(expected: Int, actual: Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case let .fileOutOfRange(file):
            "register file 0x\(hex(UInt64(file), digits: 2)) is beyond 0x3F; use a file ID from 0x00 to 0x3F."
        case let .subIndexOutOfRange(index):
            "sub-index \(index) is beyond 0x7FFF (32767), the largest a 3-octet header can carry; "
                + "use a smaller sub-index."
        case let .offsetOutsideRegister(register, offset, length):
            "offset \(offset) is outside \(register), which has \(length) octets; "
                + "use an offset from 0 to \(length - 1)."
        case .empty:
            "an SPI header needs at least 1 octet but none were given; pass the transaction's first octets."
        case let .truncated(expected, actual):
            "the SPI header announces \(expected) octets but only \(actual) were given; "
                + "pass the whole header."
        }
    }
}
