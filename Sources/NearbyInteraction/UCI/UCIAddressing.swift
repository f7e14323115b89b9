/// Which MAC addresses the FiRa sessions of a UCI device use (MAC_ADDRESS_MODE): each side's
/// 16-bit short address from its token, or a 64-bit extended address derived from its token.
///
/// Both sides of a session must use the same. A device without extended addresses
/// (SUPPORTED_EXTENDED_MAC_ADDRESS 0) refuses `.extended`, and the session ends with
/// ``NIError/Code/invalidConfiguration`` naming MAC_ADDRESS_MODE. Set it in
/// ``DeviceServiceSettings/uciAddressing``, or for `NISession()` with `UWB_UCI_ADDRESSES`
/// (``environmentVariable``).
public enum UCIAddressing: String, Sendable, CaseIterable {
    /// MAC_ADDRESS_MODE 0: 2-octet addresses in the measurements and the frames (FiRa's default).
    case short
    /// MAC_ADDRESS_MODE 2: 8-octet addresses in the measurements and the frames; each side's
    /// address has its token's short address in the two low octets.
    case extended

    /// The environment variable that sets the addressing of the service `NISession()` opens on a UCI
    /// device: `short` (the default) or `extended`.
    public static let environmentVariable = "UWB_UCI_ADDRESSES"

    /// MAC_ADDRESS_MODE.
    var macAddressMode: UInt8 {
        switch self {
        case .short: 0
        case .extended: 2
        }
    }
}
