/// A field of a MAC frame, named in errors so the message says where decoding stopped.
public enum MACFrameField: Hashable, Sendable {
    /// The 2-octet frame control field.
    case frameControl
    /// The 1-octet sequence number.
    case sequenceNumber
    /// The 2-octet destination PAN identifier.
    case destinationPANIdentifier
    /// The 2- or 8-octet destination address.
    case destinationAddress
    /// The 2-octet source PAN identifier.
    case sourcePANIdentifier
    /// The 2- or 8-octet source address.
    case sourceAddress
    /// The 1-octet security control field of the auxiliary security header.
    case securityControl
    /// The 4-octet frame counter of the auxiliary security header.
    case frameCounter
    /// The 0-, 1-, 5- or 9-octet key identifier of the auxiliary security header.
    case keyIdentifier
    /// The message integrity code after the payload of a secured frame.
    case messageIntegrityCode
    /// The 2-octet frame check sequence.
    case frameCheckSequence
}

extension MACFrameField: CustomStringConvertible {
    /// The field's name in plain words, for example `destination PAN identifier`.
    public var description: String {
        switch self {
        case .frameControl: "frame control field"
        case .sequenceNumber: "sequence number"
        case .destinationPANIdentifier: "destination PAN identifier"
        case .destinationAddress: "destination address"
        case .sourcePANIdentifier: "source PAN identifier"
        case .sourceAddress: "source address"
        case .securityControl: "security control field"
        case .frameCounter: "frame counter"
        case .keyIdentifier: "key identifier"
        case .messageIntegrityCode: "message integrity code (MIC)"
        case .frameCheckSequence: "frame check sequence (FCS)"
        }
    }
}
