/// Why a secure-timestamp setting was refused.
public enum SecureTimestampError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key or IV that is not 128 bits long.
    case wrongLength(field: String, octets: Int)

    /// What is wrong and what would be accepted.
    public var description: String {
        switch self {
        case .wrongLength(let field, let octets):
            "the \(field) has \(octets) octets; it must be 128 bits (\(SecureTimestampSecret.octetCount) octets)"
        }
    }
}
