/// An application (session) configuration parameter id, the T of SET_APP_CONFIG and
/// GET_APP_CONFIG TLVs. Unnamed and vendor ids are kept.
///
/// Source: FiRa UCI Generic Specification, "APP Configuration Parameters IDs" (Table 45 in pica's
/// citation); ids and names from pica `uci_packets.pdl` `AppConfigTlvType`, value sizes from pica
/// `src/app_config.rs` (how it parses each value). 0x1C (TX_ADAPTIVE_PAYLOAD_POWER) and 0x1E
/// (RESPONDER_SLOT_INDEX) are UCI 1.x parameters that 2.0 dropped.
public struct UCIAppConfigID: UCICode {
    /// The raw id octet.
    public let rawValue: UInt8
    /// Wraps a raw id.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// CONTROLEE (0) or CONTROLLER (1).
    public static let deviceType = UCIAppConfigID(rawValue: 0x00)
    /// SS/DS-TWR, deferred or not, …
    public static let rangingRoundUsage = UCIAppConfigID(rawValue: 0x01)
    /// Static, dynamic or provisioned STS.
    public static let stsConfig = UCIAppConfigID(rawValue: 0x02)
    /// One-to-one (0) or one-to-many (1).
    public static let multiNodeMode = UCIAppConfigID(rawValue: 0x03)
    /// The UWB channel (5, 6, 8, 9, 10, 12, 13, 14).
    public static let channelNumber = UCIAppConfigID(rawValue: 0x04)
    /// How many controlees the controller ranges with.
    public static let numberOfControlees = UCIAppConfigID(rawValue: 0x05)
    /// The device's own MAC address: 2 octets in MAC address mode 0, 8 otherwise.
    public static let deviceMacAddress = UCIAppConfigID(rawValue: 0x06)
    /// The peers' MAC addresses, 2 or 8 octets each.
    public static let destinationMacAddress = UCIAppConfigID(rawValue: 0x07)
    /// The slot duration in RSTU.
    public static let slotDuration = UCIAppConfigID(rawValue: 0x08)
    /// The ranging duration (interval) in milliseconds.
    public static let rangingDuration = UCIAppConfigID(rawValue: 0x09)
    /// The ranging round control octet.
    public static let rangingRoundControl = UCIAppConfigID(rawValue: 0x0C)
    /// The preamble code index.
    public static let preambleCodeIndex = UCIAppConfigID(rawValue: 0x14)
    /// The slots of a ranging round.
    public static let slotsPerRangingRound = UCIAppConfigID(rawValue: 0x1B)
    /// Which results SESSION_INFO_NTF carries (distance, azimuth, elevation, FOM bits).
    public static let resultReportConfig = UCIAppConfigID(rawValue: 0x2E)
    /// Whether DEVICE_MAC_ADDRESS and DST_MAC_ADDRESS are short or extended.
    public static let macAddressMode = UCIAppConfigID(rawValue: 0x26)
    /// The responder (0) or initiator (1) role.
    public static let deviceRole = UCIAppConfigID(rawValue: 0x11)
    /// When SESSION_INFO_NTF is sent.
    public static let sessionInfoNotificationConfig = UCIAppConfigID(rawValue: 0x0E)
    /// The 6-octet static STS IV (with VENDOR_ID for the static STS).
    public static let staticSTSIV = UCIAppConfigID(rawValue: 0x28)
    /// The vendor id of the static STS.
    public static let vendorID = UCIAppConfigID(rawValue: 0x27)
    /// The provisioned STS's session key (16 or 32 octets).
    public static let sessionKey = UCIAppConfigID(rawValue: 0x45)
    /// The provisioned STS's sub-session key of a responder.
    public static let subSessionKey = UCIAppConfigID(rawValue: 0x46)
    /// Whether SESSION_INFO_NTF carries angles of arrival (AOA_RESULT_REQ: 0 no, 1 yes).
    public static let aoaResultRequest = UCIAppConfigID(rawValue: 0x0D)

    /// Every id the specification names, with its value size in octets where it is fixed
    /// (`nil`: it depends on other parameters, on the UCI version, or is a list).
    public static let table: [(code: UCIAppConfigID, name: String, size: Int?)] = [
        (.deviceType, "DEVICE_TYPE", 1), (.rangingRoundUsage, "RANGING_ROUND_USAGE", 1), (.stsConfig, "STS_CONFIG", 1),
        (.multiNodeMode, "MULTI_NODE_MODE", 1), (.channelNumber, "CHANNEL_NUMBER", 1),
        (.numberOfControlees, "NUMBER_OF_CONTROLEES", 1), (.deviceMacAddress, "DEVICE_MAC_ADDRESS", nil),
        (.destinationMacAddress, "DST_MAC_ADDRESS", nil), (.slotDuration, "SLOT_DURATION", 2),
        (.rangingDuration, "RANGING_DURATION", 4), (UCIAppConfigID(rawValue: 0x0A), "STS_INDEX", 4),
        (UCIAppConfigID(rawValue: 0x0B), "MAC_FCS_TYPE", 1), (.rangingRoundControl, "RANGING_ROUND_CONTROL", 1),
        (.aoaResultRequest, "AOA_RESULT_REQ", 1),
        (.sessionInfoNotificationConfig, "SESSION_INFO_NTF_CONFIG", 1),
        (UCIAppConfigID(rawValue: 0x0F), "NEAR_PROXIMITY_CONFIG", 2),
        (UCIAppConfigID(rawValue: 0x10), "FAR_PROXIMITY_CONFIG", 2), (.deviceRole, "DEVICE_ROLE", 1),
        (UCIAppConfigID(rawValue: 0x12), "RFRAME_CONFIG", 1), (UCIAppConfigID(rawValue: 0x13), "RSSI_REPORTING", 1),
        (.preambleCodeIndex, "PREAMBLE_CODE_INDEX", 1), (UCIAppConfigID(rawValue: 0x15), "SFD_ID", 1),
        (UCIAppConfigID(rawValue: 0x16), "PSDU_DATA_RATE", 1), (UCIAppConfigID(rawValue: 0x17), "PREAMBLE_DURATION", 1),
        (UCIAppConfigID(rawValue: 0x18), "LINK_LAYER_MODE", 1),
        (UCIAppConfigID(rawValue: 0x19), "DATA_REPETITION_COUNT", 1),
        (UCIAppConfigID(rawValue: 0x1A), "RANGING_TIME_STRUCT", 1), (.slotsPerRangingRound, "SLOTS_PER_RR", 1),
        (UCIAppConfigID(rawValue: 0x1C), "TX_ADAPTIVE_PAYLOAD_POWER", 1),
        (UCIAppConfigID(rawValue: 0x1D), "AOA_BOUND_CONFIG", 8),
        (UCIAppConfigID(rawValue: 0x1E), "RESPONDER_SLOT_INDEX", 1), (UCIAppConfigID(rawValue: 0x1F), "PRF_MODE", 1),
        (UCIAppConfigID(rawValue: 0x20), "CAP_SIZE_RANGE", 2),
        (UCIAppConfigID(rawValue: 0x21), "TX_JITTER_WINDOW_SIZE", 1), (UCIAppConfigID(rawValue: 0x22), "SCHEDULE_MODE", 1),
        (UCIAppConfigID(rawValue: 0x23), "KEY_ROTATION", 1), (UCIAppConfigID(rawValue: 0x24), "KEY_ROTATION_RATE", 1),
        (UCIAppConfigID(rawValue: 0x25), "SESSION_PRIORITY", 1), (.macAddressMode, "MAC_ADDRESS_MODE", 1),
        (.vendorID, "VENDOR_ID", 2), (.staticSTSIV, "STATIC_STS_IV", 6),
        (UCIAppConfigID(rawValue: 0x29), "NUMBER_OF_STS_SEGMENTS", 1), (UCIAppConfigID(rawValue: 0x2A), "MAX_RR_RETRY", 2),
        (UCIAppConfigID(rawValue: 0x2B), "UWB_INITIATION_TIME", nil), (UCIAppConfigID(rawValue: 0x2C), "HOPPING_MODE", 1),
        (UCIAppConfigID(rawValue: 0x2D), "BLOCK_STRIDE_LENGTH", 1), (.resultReportConfig, "RESULT_REPORT_CONFIG", 1),
        (UCIAppConfigID(rawValue: 0x2F), "IN_BAND_TERMINATION_ATTEMPT_COUNT", 1),
        (UCIAppConfigID(rawValue: 0x30), "SUB_SESSION_ID", 4), (UCIAppConfigID(rawValue: 0x31), "BPRF_PHR_DATA_RATE", 1),
        (UCIAppConfigID(rawValue: 0x32), "MAX_NUMBER_OF_MEASUREMENTS", 2),
        (UCIAppConfigID(rawValue: 0x35), "STS_LENGTH", 1), (UCIAppConfigID(rawValue: 0x3A), "MIN_FRAMES_PER_RR", 1),
        (UCIAppConfigID(rawValue: 0x3B), "MTU_SIZE", 2), (UCIAppConfigID(rawValue: 0x3C), "INTER_FRAME_INTERVAL", 1),
        (UCIAppConfigID(rawValue: 0x3D), "DL_TDOA_RANGING_METHOD", 1),
        (UCIAppConfigID(rawValue: 0x3E), "DL_TDOA_TX_TIMESTAMP_CONF", 1),
        (UCIAppConfigID(rawValue: 0x3F), "DL_TDOA_HOP_COUNT", 1), (UCIAppConfigID(rawValue: 0x40), "DL_TDOA_ANCHOR_CFO", 1),
        (UCIAppConfigID(rawValue: 0x41), "DL_TDOA_ANCHOR_LOCATION", nil),
        (UCIAppConfigID(rawValue: 0x42), "DL_TDOA_TX_ACTIVE_RANGING_ROUNDS", nil),
        (UCIAppConfigID(rawValue: 0x43), "DL_TDOA_BLOCK_SKIPPING", 1),
        (UCIAppConfigID(rawValue: 0x44), "DL_TDOA_TIME_REFERENCE_ANCHOR", 1),
        (.sessionKey, "SESSION_KEY", nil), (.subSessionKey, "SUB_SESSION_KEY", nil),
        (UCIAppConfigID(rawValue: 0x47), "SESSION_DATA_TRANSFER_STATUS_NTF_CONFIG", 1),
        (UCIAppConfigID(rawValue: 0x48), "SESSION_TIME_BASE", 9),
        (UCIAppConfigID(rawValue: 0x49), "DL_TDOA_RESPONDER_TOF", 1),
        (UCIAppConfigID(rawValue: 0x4A), "SECURE_RANGING_NEFA_LEVEL", 1),
        (UCIAppConfigID(rawValue: 0x4B), "SECURE_RANGING_CSW_LENGTH", 1),
        (UCIAppConfigID(rawValue: 0x4C), "APPLICATION_DATA_ENDPOINT", 1),
        (UCIAppConfigID(rawValue: 0x4D), "OWR_AOA_MEASUREMENT_NTF_PERIOD", 1),
    ]

    /// The ids the specification names.
    public static let knownCodes = table.map { (code: $0.code, name: $0.name) }

    /// The value size in octets where the specification fixes it.
    public var valueSize: Int? { Self.table.first { $0.code == self }?.size ?? nil }
}
