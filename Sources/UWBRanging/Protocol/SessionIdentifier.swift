import UWBCore

/// The 32-bit number that names one ranging session; every ranging frame carries it so that
/// frames of other sessions on the same PAN and addresses are told apart.
public struct SessionIdentifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identifier as sent (little-endian on the air).
    public let rawValue: UInt32

    /// Wraps a session identifier; every value is valid.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The identifier as eight uppercase hexadecimal digits, for example `0x0000BEEF`.
    public var description: String {
        "0x" + hexDigits(UInt64(rawValue), count: 8)
    }
}
