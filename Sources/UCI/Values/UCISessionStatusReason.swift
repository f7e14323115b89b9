/// Why a session changed state, in SESSION_STATUS_NTF. Unnamed and vendor codes are kept.
///
/// Source: pica `uci_packets.pdl` `ReasonCode` (FiRa UCI 2.0). UCI 1.1 defines only 0x00–0x02
/// and 0x20–0x25 (then named for ranging *interval* rather than duration at 0x23), as pica's PDL
/// had them for UCI 1.x (commit aaf58f3); the others were added in UCI 2.0. 0x80–0xFF are vendor
/// specific in both.
public struct UCISessionStatusReason: UCICode {
    /// The raw reason octet.
    public let rawValue: UInt8
    /// Wraps a raw reason.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The state changed because of a session management command (INIT, DEINIT, START, STOP).
    public static let stateChangeWithSessionManagementCommands = UCISessionStatusReason(rawValue: 0x00)
    /// MAX_RR_RETRY rounds failed in a row.
    public static let maxRangingRoundRetryCountReached = UCISessionStatusReason(rawValue: 0x01)
    /// MAX_NUMBER_OF_MEASUREMENTS were made.
    public static let maxNumberOfMeasurementsReached = UCISessionStatusReason(rawValue: 0x02)
    /// The session stopped because of an in-band termination signal (UCI 2.0).
    public static let stoppedDueToInBandSignal = UCISessionStatusReason(rawValue: 0x05)
    /// The slot length is not supported.
    public static let slotLengthNotSupported = UCISessionStatusReason(rawValue: 0x20)
    /// Not enough slots per ranging round for the controlees.
    public static let insufficientSlotsPerRangingRound = UCISessionStatusReason(rawValue: 0x21)
    /// The MAC address mode is not supported.
    public static let macAddressModeNotSupported = UCISessionStatusReason(rawValue: 0x22)
    /// The ranging duration (interval in 1.x) is invalid.
    public static let invalidRangingDuration = UCISessionStatusReason(rawValue: 0x23)
    /// The STS configuration is invalid.
    public static let invalidSTSConfig = UCISessionStatusReason(rawValue: 0x24)
    /// The RFRAME configuration is invalid.
    public static let invalidRFrameConfig = UCISessionStatusReason(rawValue: 0x25)
    /// The number of controlees is invalid: a one-to-many session's multicast list became empty
    /// (UCI 2.0).
    public static let invalidNumberOfControlees = UCISessionStatusReason(rawValue: 0x33)

    /// The reasons the specification names (and 0x80, 0x81 as pica names them).
    public static let knownCodes: [(code: UCISessionStatusReason, name: String)] = [
        (.stateChangeWithSessionManagementCommands, "STATE_CHANGE_WITH_SESSION_MANAGEMENT_COMMANDS"),
        (.maxRangingRoundRetryCountReached, "MAX_RANGING_ROUND_RETRY_COUNT_REACHED"),
        (.maxNumberOfMeasurementsReached, "MAX_NUMBER_OF_MEASUREMENTS_REACHED"),
        (UCISessionStatusReason(rawValue: 0x03), "SESSION_SUSPENDED_DUE_TO_INBAND_SIGNAL"),
        (UCISessionStatusReason(rawValue: 0x04), "SESSION_RESUMED_DUE_TO_INBAND_SIGNAL"),
        (.stoppedDueToInBandSignal, "SESSION_STOPPED_DUE_TO_INBAND_SIGNAL"),
        (UCISessionStatusReason(rawValue: 0x1D), "ERROR_INVALID_UL_TDOA_RANDOM_WINDOW"),
        (UCISessionStatusReason(rawValue: 0x1E), "ERROR_MIN_RFRAMES_PER_RR_NOT_SUPPORTED"),
        (UCISessionStatusReason(rawValue: 0x1F), "ERROR_TX_DELAY_NOT_SUPPORTED"),
        (.slotLengthNotSupported, "ERROR_SLOT_LENGTH_NOT_SUPPORTED"),
        (.insufficientSlotsPerRangingRound, "ERROR_INSUFFICIENT_SLOTS_PER_RR"),
        (.macAddressModeNotSupported, "ERROR_MAC_ADDRESS_MODE_NOT_SUPPORTED"),
        (.invalidRangingDuration, "ERROR_INVALID_RANGING_DURATION"),
        (.invalidSTSConfig, "ERROR_INVALID_STS_CONFIG"), (.invalidRFrameConfig, "ERROR_INVALID_RFRAME_CONFIG"),
        (UCISessionStatusReason(rawValue: 0x26), "ERROR_HUS_NOT_ENOUGH_SLOTS"),
        (UCISessionStatusReason(rawValue: 0x27), "ERROR_HUS_CFP_PHASE_TOO_SHORT"),
        (UCISessionStatusReason(rawValue: 0x28), "ERROR_HUS_CAP_PHASE_TOO_SHORT"),
        (UCISessionStatusReason(rawValue: 0x29), "ERROR_HUS_OTHERS"),
        (UCISessionStatusReason(rawValue: 0x2A), "ERROR_STATUS_SESSION_KEY_NOT_FOUND"),
        (UCISessionStatusReason(rawValue: 0x2B), "ERROR_STATUS_SUB_SESSION_KEY_NOT_FOUND"),
        (UCISessionStatusReason(rawValue: 0x2C), "ERROR_INVALID_PREAMBLE_CODE_INDEX"),
        (UCISessionStatusReason(rawValue: 0x2D), "ERROR_INVALID_SFD_ID"),
        (UCISessionStatusReason(rawValue: 0x2E), "ERROR_INVALID_PSDU_DATA_RATE"),
        (UCISessionStatusReason(rawValue: 0x2F), "ERROR_INVALID_PHR_DATA_RATE"),
        (UCISessionStatusReason(rawValue: 0x30), "ERROR_INVALID_PREAMBLE_DURATION"),
        (UCISessionStatusReason(rawValue: 0x31), "ERROR_INVALID_STS_LENGTH"),
        (UCISessionStatusReason(rawValue: 0x32), "ERROR_INVALID_NUM_OF_STS_SEGMENTS"),
        (.invalidNumberOfControlees, "ERROR_INVALID_NUM_OF_CONTROLEES"),
        (UCISessionStatusReason(rawValue: 0x34), "ERROR_MAX_RANGING_REPLY_TIME_EXCEEDED"),
        (UCISessionStatusReason(rawValue: 0x35), "ERROR_INVALID_DST_ADDRESS_LIST"),
        (UCISessionStatusReason(rawValue: 0x36), "ERROR_INVALID_OR_NOT_FOUND_SUB_SESSION_ID"),
        (UCISessionStatusReason(rawValue: 0x37), "ERROR_INVALID_RESULT_REPORT_CONFIG"),
        (UCISessionStatusReason(rawValue: 0x38), "ERROR_INVALID_RANGING_ROUND_CONTROL_CONFIG"),
        (UCISessionStatusReason(rawValue: 0x39), "ERROR_INVALID_RANGING_ROUND_USAGE"),
        (UCISessionStatusReason(rawValue: 0x3A), "ERROR_INVALID_MULTI_NODE_MODE"),
        (UCISessionStatusReason(rawValue: 0x3B), "ERROR_RDS_FETCH_FAILURE"),
        (UCISessionStatusReason(rawValue: 0x3C), "ERROR_REF_UWB_SESSION_DOES_NOT_EXIST"),
        (UCISessionStatusReason(rawValue: 0x3D), "ERROR_REF_UWB_SESSION_RANGING_DURATION_MISMATCH"),
        (UCISessionStatusReason(rawValue: 0x3E), "ERROR_REF_UWB_SESSION_INVALID_OFFSET_TIME"),
        (UCISessionStatusReason(rawValue: 0x3F), "ERROR_REF_UWB_SESSION_LOST"),
        (UCISessionStatusReason(rawValue: 0x40), "ERROR_DT_ANCHOR_RANGING_ROUNDS_NOT_CONFIGURED"),
        (UCISessionStatusReason(rawValue: 0x41), "ERROR_DT_TAG_RANGING_ROUNDS_NOT_CONFIGURED"),
        (UCISessionStatusReason(rawValue: 0x80), "ERROR_INVALID_CHANNEL_WITH_AOA"),
        (UCISessionStatusReason(rawValue: 0x81), "ERROR_STOPPED_DUE_TO_OTHER_SESSION_CONFLICT"),
    ]

    /// Whether the code is in the vendor-specific range 0x80–0xFF.
    public var isVendorSpecific: Bool { rawValue >= 0x80 }
}
