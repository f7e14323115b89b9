/// The Security Level subfield of the auxiliary security header, IEEE 802.15.4-2006 §7.6.2.2.1
/// (Table 95): whether the payload is encrypted and how long the message integrity code is.
///
/// | Level | Name | Encrypted | MIC octets |
/// |---|---|---|---|
/// | 0 | none | no | 0 |
/// | 1 | MIC-32 | no | 4 |
/// | 2 | MIC-64 | no | 8 |
/// | 3 | MIC-128 | no | 16 |
/// | 4 | ENC | yes | 0 |
/// | 5 | ENC-MIC-32 | yes | 4 |
/// | 6 | ENC-MIC-64 | yes | 8 |
/// | 7 | ENC-MIC-128 | yes | 16 |
public enum MACSecurityLevel: UInt8, Hashable, Sendable, CaseIterable {
    /// No protection.
    case none = 0
    /// A 4-octet MIC, payload in the clear.
    case mic32 = 1
    /// An 8-octet MIC, payload in the clear.
    case mic64 = 2
    /// A 16-octet MIC, payload in the clear.
    case mic128 = 3
    /// Payload encrypted, no MIC.
    case encrypted = 4
    /// Payload encrypted and a 4-octet MIC.
    case encryptedMIC32 = 5
    /// Payload encrypted and an 8-octet MIC.
    case encryptedMIC64 = 6
    /// Payload encrypted and a 16-octet MIC.
    case encryptedMIC128 = 7

    /// The length of the MIC that follows the payload: 0, 4, 8 or 16 octets.
    public var messageIntegrityCodeLength: Int {
        switch rawValue & 0b11 {
        case 0: 0
        case 1: 4
        case 2: 8
        default: 16
        }
    }

    /// Whether the payload is encrypted (levels 4–7).
    public var isEncrypted: Bool {
        rawValue & 0b100 != 0
    }
}
