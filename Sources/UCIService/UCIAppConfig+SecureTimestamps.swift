import UCI
import UWBCore
import UWBRanging

extension UCIAppConfig {
    /// What keys the STS of session `id` for both its sides. For a static STS (STS_CONFIG 0, the
    /// default) and a provisioned one with a 16-octet SESSION_KEY (STS_CONFIG 3 or 4): the STS key
    /// and V FiRa's key schedule derives (``FiRaKeySchedule/secureTimestamps()``) from the
    /// configuration digest (RANGING_ROUND_USAGE, STS_CONFIG, MULTI_NODE_MODE, CHANNEL_NUMBER,
    /// SLOT_DURATION and PREAMBLE_CODE_INDEX as set or by default; the other physical parameters
    /// at FiRa's defaults) and VENDOR_ID with STATIC_STS_IV (each zeros when not set) or the
    /// SESSION_KEY, so a session configured as a phone configures it keys the sequence the phone
    /// does. Otherwise (a dynamic STS from a secure element, a 32-octet key): STS_CONFIG, then
    /// VENDOR_ID, STATIC_STS_IV and SESSION_KEY as set, each after its id and length. Responders'
    /// sub-session keys are left out: a controller learns them from its multicast list, not its
    /// configuration.
    func secureTimestampMaterial(session id: UInt32) -> [UInt8] {
        let digest = FiRaConfigurationDigest(
            rangingRoundUsage: values[.rangingRoundUsage]?.first ?? Self.defaultRangingRoundUsage, stsConfig: stsConfig,
            multiNodeMode: values[.multiNodeMode]?.first ?? 0, channel: values[.channelNumber]?.first ?? Self.defaultChannel,
            slotDuration: values[.slotDuration].map { UInt16($0[0]) | UInt16($0[1]) << 8 } ?? Self.defaultSlotDuration,
            preambleCodeIndex: values[.preambleCodeIndex]?.first ?? Self.defaultPreambleCodeIndex, sessionID: id)
        let mode: FiRaKeySchedule.Mode? = switch stsConfig {
        case 0: .staticSTS(vUpper64: (values[.vendorID] ?? [0, 0]) + (values[.staticSTSIV] ?? [UInt8](repeating: 0, count: 6)))
        case 3, 4: values[.sessionKey].flatMap { $0.count == FiRaKeySchedule.keyLength ? .provisioned(sessionKey: $0) : nil }
        default: nil
        }
        if let mode, let sts = try? FiRaKeySchedule(mode: mode, configuration: digest).secureTimestamps() {
            return sts.key.octets + sts.initializationVector.octets
        }
        return [stsConfig] + [UCIAppConfigID.vendorID, .staticSTSIV, .sessionKey]
            .flatMap { id in values[id].map { [id.rawValue, UInt8(truncatingIfNeeded: $0.count)] + $0 } ?? [] }
    }

    /// RANGING_ROUND_USAGE by default: 2, DS-TWR deferred (FiRa UCI; google/pica `src/app_config.rs`).
    static let defaultRangingRoundUsage: UInt8 = 2
    /// CHANNEL_NUMBER by default: 9 (same source).
    static let defaultChannel: UInt8 = 9
    /// SLOT_DURATION by default: 2400 RSTU (same source).
    static let defaultSlotDuration: UInt16 = 2400
    /// PREAMBLE_CODE_INDEX by default: 10 (same source).
    static let defaultPreambleCodeIndex: UInt8 = 10
}
