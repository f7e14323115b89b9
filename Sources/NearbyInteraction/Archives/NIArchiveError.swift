/// Why archived Nearby Interaction data (a discovery token, a configuration or a nearby object) was
/// rejected by the checked unarchiving functions such as ``NIDiscoveryToken/unarchived(from:)``.
///
/// Archives arrive from the network, so every field is checked: the archive's structure, the class it
/// names, and the payload's version, lengths, reserved bits and values. See `Docs/nearby-interaction.md`
/// for the payload formats.
public enum NIArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is longer than any valid archive (``NIArchiveError/maximumArchiveLength``).
    case tooLarge(byteCount: Int, limit: Int)
    /// The data is not a binary keyed archive in the shape `NSKeyedArchiver` writes for these classes;
    /// `reason` says what is wrong.
    case malformedArchive(reason: String)
    /// The archive holds an object of another class.
    case unexpectedClass(found: String, expected: String)
    /// The payload ends before `field`, which needs `needed` more octets than the `present` ones.
    case truncated(field: String, needed: Int, present: Int)
    /// The payload has `count` octets after its last field.
    case trailingBytes(count: Int)
    /// The payload's format version is not one this library reads.
    case unsupportedVersion(UInt8, type: String)
    /// A reserved field or bit is not zero; `value` is the octet that holds it.
    case reservedBitsSet(field: String, value: UInt8)
    /// A field has a value that is not allowed; `reason` says which and why.
    case invalidValue(field: String, reason: String)

    /// The longest archive accepted: 2048 octets. A discovery token's archive is about 300 octets; the
    /// limit leaves room for the public key share a later format version will carry.
    public static let maximumArchiveLength = 2048

    /// The problem and what it means for the sender.
    public var description: String {
        switch self {
        case .tooLarge(let byteCount, let limit):
            return "archive of \(byteCount) octets is longer than the \(limit) octets any valid archive has"
        case .malformedArchive(let reason):
            return "not a keyed archive of Nearby Interaction data: \(reason)"
        case .unexpectedClass(let found, let expected):
            return "archive holds a \(found), expected a \(expected)"
        case .truncated(let field, let needed, let present):
            return "payload truncated at \(field): needs \(needed) octets, \(present) present"
        case .trailingBytes(let count):
            return "payload has \(count) unexpected octets after its last field"
        case .unsupportedVersion(let version, let type):
            return "\(type) format version \(version) is not supported (this library reads version 1)"
        case .reservedBitsSet(let field, let value):
            return "reserved bits set in \(field) (0x\(String(value, radix: 16, uppercase: true))); "
                + "the sender uses a newer or corrupt format"
        case .invalidValue(let field, let reason):
            return "invalid \(field): \(reason)"
        }
    }
}
