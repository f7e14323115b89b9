/// The key identifier of the auxiliary security header: the Key Identifier Mode subfield and the
/// fields it calls for, IEEE 802.15.4-2006 §7.6.2.2.2 and §7.6.2.4 (Table 96).
public enum MACKeyIdentifier: Hashable, Sendable {
    /// Mode 0: the key follows from the sender and recipient; no key identifier field.
    case implicit
    /// Mode 1: a 1-octet key index (the key source is the PAN coordinator's, implicitly).
    case index(UInt8)
    /// Mode 2: a 4-octet key source and a 1-octet key index.
    case shortSource(UInt32, index: UInt8)
    /// Mode 3: an 8-octet key source and a 1-octet key index.
    case longSource(UInt64, index: UInt8)

    /// The Key Identifier Mode subfield, 0 to 3.
    public var mode: UInt8 {
        switch self {
        case .implicit: 0
        case .index: 1
        case .shortSource: 2
        case .longSource: 3
        }
    }

    /// The key index, for modes 1 to 3.
    public var index: UInt8? {
        switch self {
        case .implicit: nil
        case .index(let index), .shortSource(_, let index), .longSource(_, let index): index
        }
    }

    /// The Key Identifier field's octets as sent: the key source low octet first, then the index.
    var octets: [UInt8] {
        var octets: [UInt8] = []
        switch self {
        case .implicit:
            break
        case .index(let index):
            octets.append(index)
        case .shortSource(let source, let index):
            octets.appendLittleEndian(source)
            octets.append(index)
        case .longSource(let source, let index):
            octets.appendLittleEndian(source)
            octets.append(index)
        }
        return octets
    }

    /// Reads the Key Identifier field of `mode` (0 to 3).
    static func read(mode: UInt8, from reader: inout ByteReader) throws(MACFrameError) -> MACKeyIdentifier {
        switch mode {
        case 0:
            return .implicit
        case 1:
            return .index(try reader.read(UInt8.self, for: .keyIdentifier))
        case 2:
            let source = try reader.read(UInt32.self, for: .keyIdentifier)
            return .shortSource(source, index: try reader.read(UInt8.self, for: .keyIdentifier))
        default:
            let source = try reader.read(UInt64.self, for: .keyIdentifier)
            return .longSource(source, index: try reader.read(UInt8.self, for: .keyIdentifier))
        }
    }
}
