/// A UCI notification (MT 3), UWBS to host, unsolicited. Notifications of groups or opcodes
/// this module does not model decode into `.unknown`.
///
/// Layouts: pica `uci_packets.pdl` (`CoreDeviceStatusNtf`, `CoreGenericErrorNtf`,
/// `SessionStatusNtf`, `SessionUpdateControllerMulticastListNtf`, `SessionInfoNtf`,
/// `SessionDataCreditNtf`, `SessionDataTransferStatusNtf`).
public enum UCINotification: Hashable, Sendable {
    /// CORE_DEVICE_STATUS_NTF: device state (1).
    case deviceStatus(UCIDeviceState)
    /// CORE_GENERIC_ERROR_NTF: status (1).
    case genericError(UCIStatus)
    /// SESSION_STATUS_NTF: session token (4), state (1), reason (1).
    case sessionStatus(sessionToken: UInt32, state: UCISessionState, reason: UCISessionStatusReason)
    /// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_NTF.
    case multicastListUpdate(UCIMulticastListNotification)
    /// SESSION_INFO_NTF: ranging results.
    case sessionInfo(UCISessionInfo)
    /// SESSION_DATA_CREDIT_NTF: session token (4), credit available (1: 0 no, 1 yes).
    case dataCredit(sessionToken: UInt32, available: Bool)
    /// SESSION_DATA_TRANSFER_STATUS_NTF: session token (4), UCI sequence number (1), status
    /// (1), transmission count (1).
    case dataTransferStatus(sessionToken: UInt32, sequenceNumber: UInt8, status: UCIDataTransferStatus, transmitCount: UInt8)
    /// A notification of a group or opcode not modelled here, with its payload.
    case unknown(group: UCIGroupID, opcode: UCIOpcodeID, payload: [UInt8])
}
