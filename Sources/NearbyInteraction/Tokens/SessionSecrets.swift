import UWBCore
import UWBRanging

/// What ``SessionKeyAgreement`` derives for a session from its two tokens: the keys of its frames
/// and the scrambled timestamp sequence it uses when both radios have one.
struct SessionSecrets: Hashable, Sendable {
    /// The frame keys and nonce addresses.
    let keys: SessionKeys
    /// The session's STS (SP1, 64 symbols, key and IV of its own).
    let secureTimestamps: SecureTimestampConfiguration
}
