/// FiRa's MAC key schedule for a session: from its STS mode's session key and its configuration
/// digest, the data protection key, the privacy key (provisioned STS), the initial STS index, and
/// for each crypto STS index the keys of that rotation (``FiRaRotationKeys``).
///
/// Every key comes from FiRa's KDF, AES-CMAC in counter mode (NIST SP 800-108) with one block of
/// output: CMAC(K, [1]₃₂ ‖ label (8 octets) ‖ context (16 octets) ‖ [128]₃₂), integers most
/// significant first. Static STS uses the session key "StaticTSStaticTS" and rotates once, at
/// crypto STS index 0; a provisioned STS uses the key the session was given.
///
/// Source: the FiRa UWB MAC Technical Requirements 1.3.0 test vectors as Qorvo's GPLv2 "UWB stack
/// for linux" runs them (`mac/fira_crypto.c`, read for facts); `Docs/reference/fira-security.md`.
public struct FiRaKeySchedule: Hashable, Sendable {
    /// How the session's STS is keyed.
    public enum Mode: Hashable, Sendable {
        /// Static STS: the fixed session key, and the 8-octet vUpper64 (VENDOR_ID and STATIC_STS_IV)
        /// as the upper half of every STS V.
        case staticSTS(vUpper64: [UInt8])
        /// Provisioned STS: a 16-octet session key the two sides share.
        case provisioned(sessionKey: [UInt8])
    }

    /// Every FiRa key's length: AES-128.
    public static let keyLength = 16
    /// The session key of static STS.
    public static let staticSessionKey = Array("StaticTSStaticTS".utf8)
    /// The mask of STS indexes and V counters: 31 bits.
    static let indexMask: UInt32 = 0x7FFF_FFFF

    /// The mode.
    public let mode: Mode
    /// The configuration digest the keys are bound to.
    public let configurationDigest: [UInt8]
    /// secDataProtectionKey: from the session key, label "DataPrtK" and the digest.
    public let dataProtectionKey: [UInt8]
    /// secPrivacyKey (provisioned STS only): from the session key, label "PrivacyK" and the digest;
    /// it encrypts header IEs.
    public let privacyKey: [UInt8]?
    /// The initial phy STS index: from the data protection key, label "StsIndIn" and the digest,
    /// its last four octets, 31 bits.
    public let phySTSIndexInit: UInt32

    /// The schedule of a session in `mode` with `configuration`.
    ///
    /// - Throws: ``FiRaSecurityError/wrongKeyLength(_:)`` for a provisioned key that is not 16
    ///   octets, ``FiRaSecurityError/wrongVUpperLength(_:)`` for a vUpper64 that is not 8.
    public init(mode: Mode, configuration: FiRaConfigurationDigest) throws(FiRaSecurityError) {
        let sessionKey: [UInt8]
        switch mode {
        case .staticSTS(let vUpper64):
            guard vUpper64.count == FiRaRotationKeys.vUpperLength else { throw .wrongVUpperLength(vUpper64.count) }
            sessionKey = Self.staticSessionKey
        case .provisioned(let key):
            guard key.count == Self.keyLength else { throw .wrongKeyLength(key.count) }
            sessionKey = key
        }
        self.mode = mode
        configurationDigest = try configuration.digest()
        dataProtectionKey = try Self.derive(from: sessionKey, label: "DataPrtK", context: configurationDigest)
        if case .provisioned = mode {
            privacyKey = try Self.derive(from: sessionKey, label: "PrivacyK", context: configurationDigest)
        } else {
            privacyKey = nil
        }
        let indexBlock = try Self.derive(from: dataProtectionKey, label: "StsIndIn", context: configurationDigest)
        phySTSIndexInit = Self.lastWord(of: indexBlock) & Self.indexMask
    }

    /// The keys of the rotation at `cryptoSTSIndex` (static STS has one rotation: its index is
    /// ignored and 0 used). The context is the digest's last 12 octets then the index.
    ///
    /// - Throws: ``FiRaSecurityError`` only if AES refuses a derived key, which it does not.
    public func rotation(atCryptoSTSIndex cryptoSTSIndex: UInt32) throws(FiRaSecurityError) -> FiRaRotationKeys {
        let index: UInt32 = if case .staticSTS = mode { 0 } else { cryptoSTSIndex }
        let context = Array(configurationDigest.suffix(12)) + Self.bigEndian(index)
        let iv = try Self.derive(from: dataProtectionKey, label: "DerAuthI", context: context)
        let vUpper64: [UInt8] = if case .staticSTS(let upper) = mode { upper } else { Array(iv.prefix(FiRaRotationKeys.vUpperLength)) }
        return FiRaRotationKeys(
            authenticationIV: iv, authenticationKey: try Self.derive(from: dataProtectionKey, label: "DerAuthK", context: context),
            payloadKey: try Self.derive(from: dataProtectionKey, label: "DerPaylK", context: context), vUpper64: vUpper64)
    }

    /// FiRa's KDF: one block of AES-CMAC counter mode under `key`.
    static func derive(from key: [UInt8], label: String, context: [UInt8]) throws(FiRaSecurityError) -> [UInt8] {
        let outputBits = UInt32(keyLength * 8)
        let input: [UInt8] = bigEndian(1) + Array(label.utf8) + context + bigEndian(outputBits)
        return try AESCMAC.tag(key: key, message: input)
    }

    /// `word`'s four octets, most significant first, as FiRa's key schedule writes integers.
    static func bigEndian(_ word: UInt32) -> [UInt8] {
        var octets: [UInt8] = []
        octets.appendBigEndian(word)
        return octets
    }

    /// The last four octets of `block`, most significant first.
    static func lastWord(of block: [UInt8]) -> UInt32 {
        block.suffix(4).bigEndianValue()
    }
}
