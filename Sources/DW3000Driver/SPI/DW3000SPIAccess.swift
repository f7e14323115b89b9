/// What a full-addressed DW3000 SPI transaction does, bits 1–0 of its second header octet
/// together with the write bit (DW3000 User Manual §2.3.1.2).
public enum DW3000SPIAccess: Hashable, Sendable, CaseIterable {
    /// Read the body (write bit 0, mode 0).
    case read
    /// Write the body (write bit 1, mode 0).
    case write
    /// Masked write of 1 octet: the body is an AND mask octet then an OR mask octet (mode 1).
    case maskedWrite8
    /// Masked write of 2 octets: a 2-octet AND mask then a 2-octet OR mask (mode 2).
    case maskedWrite16
    /// Masked write of 4 octets: a 4-octet AND mask then a 4-octet OR mask (mode 3).
    case maskedWrite32

    /// Whether the write bit (bit 7 of the first octet) is set.
    public var writes: Bool { self != .read }

    /// The 2-bit mode of the second header octet.
    public var mode: UInt8 {
        switch self {
        case .read, .write: 0
        case .maskedWrite8: 1
        case .maskedWrite16: 2
        case .maskedWrite32: 3
        }
    }

    /// The masked write that changes `octets` octets (1, 2 or 4), or `nil` for another width.
    public static func maskedWrite(octets: Int) -> DW3000SPIAccess? {
        switch octets {
        case 1: .maskedWrite8
        case 2: .maskedWrite16
        case 4: .maskedWrite32
        default: nil
        }
    }
}
