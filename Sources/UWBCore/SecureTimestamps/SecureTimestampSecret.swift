/// A 128-bit value of the scrambled timestamp sequence's generator: the AES-128 key or the
/// initialization vector (`Docs/reference/uwb-physics.md` §1.3a).
///
/// Both peers of a secure exchange need the same key and IV: the sequence is AES in counter mode
/// over the IV, so an attacker without the key cannot predict it.
public struct SecureTimestampSecret: Hashable, Sendable {
    /// How many octets the value has: 16.
    public static let octetCount = 16

    /// The 16 octets, as the standard writes the value (most significant octet first).
    public let octets: [UInt8]

    /// A key or IV from its 16 octets.
    ///
    /// - Parameters:
    ///   - octets: the value, most significant octet first.
    ///   - field: what the value is for, for the error message, for example `STS key`.
    /// - Throws: ``SecureTimestampError/wrongLength(field:octets:)`` unless there are 16 octets.
    public init(octets: [UInt8], field: String) throws(SecureTimestampError) {
        guard octets.count == Self.octetCount else {
            throw .wrongLength(field: field, octets: octets.count)
        }
        self.octets = octets
    }

    /// Sixteen zero octets: a value for what depends only on an STS's shape (how long a frame with
    /// it takes on the air), never one to range with.
    public static let zero = SecureTimestampSecret(checkedOctets: Array(repeating: 0, count: octetCount))

    private init(checkedOctets: [UInt8]) {
        octets = checkedOctets
    }

    /// A value of the same length with `octets` instead (which must have 16).
    func replacingOctets(_ octets: [UInt8]) -> SecureTimestampSecret {
        SecureTimestampSecret(checkedOctets: octets)
    }
}
