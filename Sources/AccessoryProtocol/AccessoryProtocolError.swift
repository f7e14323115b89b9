/// Why octets of Apple's Nearby Interaction accessory protocol could not be read or written.
public enum AccessoryProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer octets than the structure needs.
    case truncated(structure: String, needed: Int, present: Int)
    /// More octets than the structure has.
    case overlong(structure: String, expected: Int, present: Int)
    /// A version this codec does not know.
    case unknownVersion(structure: String, major: UInt16, minor: UInt16)
    /// A length field that disagrees with the octets.
    case lengthMismatch(structure: String, declared: Int, actual: Int)
    /// A field value the structure cannot hold.
    case invalidField(structure: String, field: String, detail: String)
    /// A message whose identifier no side of the protocol sends.
    case unknownMessage(UInt8)
    /// A message the receiving side cannot take in its state.
    case unexpectedMessage(String, state: String)
    /// A part of the protocol swift-uwb does not build.
    case notSupported(String)

    /// What was wrong, and what to do.
    public var description: String {
        switch self {
        case .truncated(let structure, let needed, let present):
            "\(structure): \(present) octets, at least \(needed) needed: the data was cut short"
        case .overlong(let structure, let expected, let present):
            "\(structure): \(present) octets where \(expected) are expected: send the structure alone"
        case .unknownVersion(let structure, let major, let minor):
            "\(structure): version \(major).\(minor) is not one this codec reads (1.0 or 1.1)"
        case .lengthMismatch(let structure, let declared, let actual):
            "\(structure): its length field says \(declared) octets, \(actual) follow"
        case .invalidField(let structure, let field, let detail):
            "\(structure): \(field) \(detail)"
        case .unexpectedMessage(let message, let state):
            "\(message) cannot be taken now (the conversation is \(state)); the phone and the accessory disagree on the protocol's state"
        case .notSupported(let what):
            "\(what) is not supported by swift-uwb yet"
        case .unknownMessage(let identifier):
            "accessory protocol message 0x\(String(identifier, radix: 16, uppercase: true)) is not one the accessory samples send (0x01–0x03, 0x0A–0x0C, 0xA5)"
        }
    }
}
