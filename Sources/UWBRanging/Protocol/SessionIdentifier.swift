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
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }
}
