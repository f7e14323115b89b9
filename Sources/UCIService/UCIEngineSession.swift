import UWBCore
import UWBRanging

/// The ranging engine's session of one UCI link: a controller ranges with each controlee of a
/// one-to-many session in a link of its own, and the engine tells the links of a round apart by
/// their session (`RangingFailure.session`), so each link's engine session mixes the UCI session
/// id with the controlee's short address. Both sides work it out alike: the controller from the
/// controlee's address in DST_MAC_ADDRESS, the controlee from its own DEVICE_MAC_ADDRESS.
///
/// The radio a UCI session shares with the device's other sessions holds one STS, so a session's
/// own STS (``UCIAppConfig/secureTimestampMaterial(session:)``: the key and V FiRa's key schedule
/// derives) is mixed in too, by its FNV-1a hash: two sides whose STS differ do not take each
/// other's rounds, as real radios whose STS differ would not.
enum UCIEngineSession {
    /// An odd multiplier (the 32-bit golden ratio), so that different addresses of one session
    /// always give different engine sessions.
    private static let spread: UInt32 = 0x9E37_79B1

    /// The engine session of the link of UCI session `id` with the controlee at `controlee`, its STS
    /// material `sts` (empty: none).
    static func identifier(session id: UInt32, controlee: UInt16, sts: [UInt8] = []) -> SessionIdentifier {
        SessionIdentifier(rawValue: id ^ (UInt32(controlee) &* spread) ^ (sts.isEmpty ? 0 : FNV1a.hash32(sts)))
    }
}
