/// An IEEE 802.15.4 PAN identifier: the 16-bit number that names a personal area network.
///
/// The design has each ranging session pick its own. Transmitted low octet first.
public struct PANIdentifier: RawRepresentable, Hashable, Sendable {
    /// The 16-bit identifier as it appears in the frame (before little-endian serialisation).
    public let rawValue: UInt16

    /// Wraps a 16-bit PAN identifier; every value is valid.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The broadcast PAN identifier `0xFFFF`, accepted by every PAN.
    public static let broadcast = PANIdentifier(rawValue: 0xFFFF)
}

extension PANIdentifier: CustomStringConvertible {
    /// The identifier as four uppercase hexadecimal digits, for example `0xDECA`.
    public var description: String {
        "0x" + hexDigits(UInt64(rawValue), octets: 2, uppercase: true)
    }
}
