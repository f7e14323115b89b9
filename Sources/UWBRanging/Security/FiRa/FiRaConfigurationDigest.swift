/// The session parameters FiRa binds its keys to, and their digest: AES-CMAC under an all-zero key
/// over 17 octets: RANGING_ROUND_USAGE, STS_CONFIG, MULTI_NODE_MODE, CHANNEL_NUMBER, the slot
/// duration (2 octets, most significant first), MAC_FCS_TYPE, RFRAME_CONFIG, PREAMBLE_CODE_INDEX,
/// SFD_ID, PSDU_DATA_RATE, PREAMBLE_DURATION, the constant 3, and the session id (4 octets, most
/// significant first).
///
/// Source: the FiRa UWB MAC Technical Requirements 1.3.0 test vectors as Qorvo's GPLv2 "UWB stack
/// for linux" runs them (`mac/fira_crypto.c`, read for facts); `Docs/reference/fira-security.md`.
public struct FiRaConfigurationDigest: Hashable, Sendable {
    /// RANGING_ROUND_USAGE (2: DS-TWR, deferred).
    public var rangingRoundUsage: UInt8
    /// STS_CONFIG (0 static, 1 dynamic, 3 provisioned).
    public var stsConfig: UInt8
    /// MULTI_NODE_MODE (0 one-to-one).
    public var multiNodeMode: UInt8
    /// CHANNEL_NUMBER.
    public var channel: UInt8
    /// The slot duration as the session configures it (SLOT_DURATION, in RSTU).
    public var slotDuration: UInt16
    /// MAC_FCS_TYPE (0: CRC-16).
    public var macFCSType: UInt8
    /// RFRAME_CONFIG (3: SP3).
    public var rframeConfig: UInt8
    /// PREAMBLE_CODE_INDEX.
    public var preambleCodeIndex: UInt8
    /// SFD_ID.
    public var sfdID: UInt8
    /// PSDU_DATA_RATE (0: 6.81 Mbps).
    public var psduDataRate: UInt8
    /// PREAMBLE_DURATION (1: 64 symbols).
    public var preambleDuration: UInt8
    /// The session id.
    public var sessionID: UInt32

    /// The constant octet between the parameters and the session id.
    private static let constant: UInt8 = 3

    /// A configuration with the given values.
    public init(
        rangingRoundUsage: UInt8, stsConfig: UInt8, multiNodeMode: UInt8, channel: UInt8, slotDuration: UInt16, macFCSType: UInt8,
        rframeConfig: UInt8, preambleCodeIndex: UInt8, sfdID: UInt8, psduDataRate: UInt8, preambleDuration: UInt8, sessionID: UInt32
    ) {
        self.rangingRoundUsage = rangingRoundUsage
        self.stsConfig = stsConfig
        self.multiNodeMode = multiNodeMode
        self.channel = channel
        self.slotDuration = slotDuration
        self.macFCSType = macFCSType
        self.rframeConfig = rframeConfig
        self.preambleCodeIndex = preambleCodeIndex
        self.sfdID = sfdID
        self.psduDataRate = psduDataRate
        self.preambleDuration = preambleDuration
        self.sessionID = sessionID
    }

    /// A configuration with FiRa UCI's defaults for the physical parameters a session leaves
    /// unset: MAC_FCS_TYPE 0 (CRC-16), RFRAME_CONFIG 3 (SP3), SFD_ID 2, PSDU_DATA_RATE 0
    /// (6.81 Mbps) and PREAMBLE_DURATION 1 (64 symbols), as google/pica's `src/app_config.rs` lists
    /// the FiRa UCI Generic Specification's defaults.
    public init(rangingRoundUsage: UInt8, stsConfig: UInt8, multiNodeMode: UInt8, channel: UInt8, slotDuration: UInt16, preambleCodeIndex: UInt8, sessionID: UInt32) {
        self.init(
            rangingRoundUsage: rangingRoundUsage, stsConfig: stsConfig, multiNodeMode: multiNodeMode, channel: channel, slotDuration: slotDuration,
            macFCSType: 0, rframeConfig: 3, preambleCodeIndex: preambleCodeIndex, sfdID: 2, psduDataRate: 0, preambleDuration: 1,
            sessionID: sessionID)
    }

    /// The 17 octets the digest is taken over.
    public var octets: [UInt8] {
        [rangingRoundUsage, stsConfig, multiNodeMode, channel, UInt8(slotDuration >> 8), UInt8(truncatingIfNeeded: slotDuration),
         macFCSType, rframeConfig, preambleCodeIndex, sfdID, psduDataRate, preambleDuration, Self.constant]
            + FiRaKeySchedule.bigEndian(sessionID)
    }

    /// The digest: AES-CMAC under the all-zero key.
    public func digest() throws(FiRaSecurityError) -> [UInt8] {
        try AESCMAC.tag(key: [UInt8](repeating: 0, count: FiRaKeySchedule.keyLength), message: octets)
    }
}
