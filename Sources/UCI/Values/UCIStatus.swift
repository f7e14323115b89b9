/// A UCI status code, the first payload octet of every response (and of GENERIC_ERROR_NTF,
/// the per-parameter status lists, DATA_RCV …). Unnamed codes are kept.
///
/// Source: FiRa UCI Generic Specification, section 8.5 "Status Codes"; pica
/// `uci_packets.pdl` `Status`.
public struct UCIStatus: UCICode {
    /// The raw status octet.
    public let rawValue: UInt8
    /// Wraps a raw status.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Generic status codes.
    /// Success.
    public static let ok = UCIStatus(rawValue: 0x00)
    /// Intended operation is not supported in the current state.
    public static let rejected = UCIStatus(rawValue: 0x01)
    /// Intended operation failed to complete.
    public static let failed = UCIStatus(rawValue: 0x02)
    /// UCI packet structure is not per spec.
    public static let syntaxError = UCIStatus(rawValue: 0x03)
    /// Config ID is not correct, and/or the value is not in range.
    public static let invalidParameter = UCIStatus(rawValue: 0x04)
    /// Config ID is correct, and the value is not in range.
    public static let invalidRange = UCIStatus(rawValue: 0x05)
    /// The UCI packet payload size is not as per spec.
    public static let invalidMessageSize = UCIStatus(rawValue: 0x06)
    /// UCI group id is not valid.
    public static let unknownGID = UCIStatus(rawValue: 0x07)
    /// UCI opcode id is not valid.
    public static let unknownOID = UCIStatus(rawValue: 0x08)
    /// The parameter is read only.
    public static let readOnly = UCIStatus(rawValue: 0x09)
    /// The UWBS asks the host to resend the last command.
    public static let messageRetry = UCIStatus(rawValue: 0x0A)
    /// Unknown error (UCI 2.0).
    public static let unknown = UCIStatus(rawValue: 0x0B)
    /// Not applicable (UCI 2.0).
    public static let notApplicable = UCIStatus(rawValue: 0x0C)

    // Session specific status codes.
    /// The session does not exist.
    public static let sessionNotExist = UCIStatus(rawValue: 0x11)
    /// A session with this id already exists.
    public static let sessionDuplicate = UCIStatus(rawValue: 0x12)
    /// The session is active.
    public static let sessionActive = UCIStatus(rawValue: 0x13)
    /// No more sessions can be created.
    public static let maxSessionsExceeded = UCIStatus(rawValue: 0x14)
    /// The session is not configured with the required parameters.
    public static let sessionNotConfigured = UCIStatus(rawValue: 0x15)
    /// Sessions are running (e.g. a reset or low-power change was refused).
    public static let activeSessionsOngoing = UCIStatus(rawValue: 0x16)
    /// The multicast list is full.
    public static let multicastListFull = UCIStatus(rawValue: 0x17)
    /// The UWB initiation time is too old (UCI 2.0).
    public static let initiationTimeTooOld = UCIStatus(rawValue: 0x1A)
    /// A negative distance was reported (UCI 2.0).
    public static let okNegativeDistanceReport = UCIStatus(rawValue: 0x1B)

    // Ranging specific status codes (in SESSION_INFO_NTF measurements).
    /// Failed to transmit a ranging frame.
    public static let rangingTxFailed = UCIStatus(rawValue: 0x20)
    /// No ranging frame was received in time.
    public static let rangingRxTimeout = UCIStatus(rawValue: 0x21)
    /// PHY decoding failed.
    public static let rangingRxPhyDecodingFailed = UCIStatus(rawValue: 0x22)
    /// PHY time-of-arrival detection failed.
    public static let rangingRxPhyToAFailed = UCIStatus(rawValue: 0x23)
    /// PHY STS check failed.
    public static let rangingRxPhySTSFailed = UCIStatus(rawValue: 0x24)
    /// MAC decoding failed.
    public static let rangingRxMacDecodingFailed = UCIStatus(rawValue: 0x25)
    /// MAC information element decoding failed.
    public static let rangingRxMacIEDecodingFailed = UCIStatus(rawValue: 0x26)
    /// A MAC information element was missing.
    public static let rangingRxMacIEMissing = UCIStatus(rawValue: 0x27)

    /// The codes the specification names (vendor codes 0x50… as pica names them).
    public static let knownCodes: [(code: UCIStatus, name: String)] = [
        (.ok, "OK"), (.rejected, "REJECTED"), (.failed, "FAILED"), (.syntaxError, "SYNTAX_ERROR"),
        (.invalidParameter, "INVALID_PARAM"), (.invalidRange, "INVALID_RANGE"),
        (.invalidMessageSize, "INVALID_MESSAGE_SIZE"), (.unknownGID, "UNKNOWN_GID"), (.unknownOID, "UNKNOWN_OID"),
        (.readOnly, "READ_ONLY"), (.messageRetry, "UCI_MESSAGE_RETRY"), (.unknown, "UNKNOWN"),
        (.notApplicable, "NOT_APPLICABLE"), (.sessionNotExist, "ERROR_SESSION_NOT_EXIST"),
        (.sessionDuplicate, "ERROR_SESSION_DUPLICATE"), (.sessionActive, "ERROR_SESSION_ACTIVE"),
        (.maxSessionsExceeded, "ERROR_MAX_SESSIONS_EXCEEDED"), (.sessionNotConfigured, "ERROR_SESSION_NOT_CONFIGURED"),
        (.activeSessionsOngoing, "ERROR_ACTIVE_SESSIONS_ONGOING"), (.multicastListFull, "ERROR_MULTICAST_LIST_FULL"),
        (.initiationTimeTooOld, "ERROR_UWB_INITIATION_TIME_TOO_OLD"),
        (.okNegativeDistanceReport, "OK_NEGATIVE_DISTANCE_REPORT"), (.rangingTxFailed, "RANGING_TX_FAILED"),
        (.rangingRxTimeout, "RANGING_RX_TIMEOUT"), (.rangingRxPhyDecodingFailed, "RANGING_RX_PHY_DEC_FAILED"),
        (.rangingRxPhyToAFailed, "RANGING_RX_PHY_TOA_FAILED"), (.rangingRxPhySTSFailed, "RANGING_RX_PHY_STS_FAILED"),
        (.rangingRxMacDecodingFailed, "RANGING_RX_MAC_DEC_FAILED"),
        (.rangingRxMacIEDecodingFailed, "RANGING_RX_MAC_IE_DEC_FAILED"),
        (.rangingRxMacIEMissing, "RANGING_RX_MAC_IE_MISSING"),
        (UCIStatus(rawValue: 0x28), "ERROR_ROUND_INDEX_NOT_ACTIVATED"),
        (UCIStatus(rawValue: 0x29), "ERROR_NUMBER_OF_ACTIVE_RANGING_ROUNDS_EXCEEDED"),
        (UCIStatus(rawValue: 0x2A), "ERROR_DL_TDOA_DEVICE_ADDRESS_NOT_MATCHING_IN_REPLY_TIME_LIST"),
        (UCIStatus(rawValue: 0x50), "ERROR_CCC_SE_BUSY"), (UCIStatus(rawValue: 0x51), "ERROR_CCC_LIFECYCLE"),
        (UCIStatus(rawValue: 0x52), "ERROR_STOPPED_DUE_TO_OTHER_SESSION_CONFLICT"),
        (UCIStatus(rawValue: 0x53), "REGULATION_UWB_OFF"),
    ]

    /// Whether the code is in the vendor-specific range 0x50–0xFF.
    public var isVendorSpecific: Bool { rawValue >= 0x50 }
}
