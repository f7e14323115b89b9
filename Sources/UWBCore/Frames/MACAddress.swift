/// An IEEE 802.15.4 device address: a 16-bit short address or a 64-bit extended address (EUI-64).
///
/// Both forms are transmitted low octet first.
public enum MACAddress: Hashable, Sendable {
    /// A 16-bit short address, assigned by a PAN coordinator (in swift-uwb's design, chosen at
    /// random per session).
    case short(UInt16)
    /// A 64-bit extended address, the device's EUI-64.
    case extended(UInt64)

    /// The short broadcast address `0xFFFF`, which every device in the PAN accepts.
    public static let broadcast = MACAddress.short(0xFFFF)

    /// The addressing mode that announces this address in the frame control field.
    public var addressingMode: AddressingMode {
        switch self {
        case .short: .short
        case .extended: .extended
        }
    }
}

extension MACAddress: CustomStringConvertible {
    /// `0xABCD` for a short address, `01:23:45:67:89:ab:cd:ef` (most significant octet first) for an
    /// extended one.
    public var description: String {
        switch self {
        case .short(let value):
            return "0x" + hexDigits(UInt64(value), octets: 2, uppercase: true)
        case .extended(let value):
            let octets = (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return octets.map { hexDigits(UInt64($0), octets: 1, uppercase: false) }.joined(separator: ":")
        }
    }
}
