/// A UCI response (MT 2), UWBS to host, one for each command; each starts with a status.
/// Responses of groups or opcodes this module does not model (among them the UNKNOWN_GID and
/// UNKNOWN_OID answers to unknown commands) decode into `.unknown`.
///
/// Layouts: pica `uci_packets.pdl` (`Core…Rsp`, `Session…Rsp`); see `Docs/uci.md` for where
/// UCI 1.x and 2.0 differ.
public enum UCIResponse: Hashable, Sendable {
    /// CORE_DEVICE_RESET_RSP: status.
    case deviceReset(UCIStatus)
    /// CORE_GET_DEVICE_INFO_RSP.
    case deviceInfo(UCIDeviceInfo)
    /// CORE_GET_CAPS_INFO_RSP: status, number of TLVs (1), capability TLVs.
    case capabilities(status: UCIStatus, [UCIParameter<UCICapabilityID>])
    /// CORE_SET_CONFIG_RSP: status, number (1), the parameters not set with their status.
    case setConfig(status: UCIStatus, [UCIParameterStatus<UCIDeviceConfigID>])
    /// CORE_GET_CONFIG_RSP: status, number (1), TLVs.
    case getConfig(status: UCIStatus, [UCIParameter<UCIDeviceConfigID>])
    /// SESSION_INIT_RSP: status, then in UCI 2.0 the session handle (4) the UWBS chose.
    case sessionInit(status: UCIStatus, sessionHandle: UInt32?)
    /// SESSION_DEINIT_RSP: status.
    case sessionDeinit(UCIStatus)
    /// SESSION_SET_APP_CONFIG_RSP: status, number (1), the parameters not set with their status.
    case setAppConfig(status: UCIStatus, [UCIParameterStatus<UCIAppConfigID>])
    /// SESSION_GET_APP_CONFIG_RSP: status, number (1), TLVs.
    case getAppConfig(status: UCIStatus, [UCIParameter<UCIAppConfigID>])
    /// SESSION_GET_COUNT_RSP: status, session count (1).
    case sessionCount(status: UCIStatus, count: UInt8)
    /// SESSION_GET_STATE_RSP: status, session state (1).
    case sessionState(status: UCIStatus, UCISessionState)
    /// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_RSP: status; in UCI 2.0 then number (1) and
    /// controlee statuses (address, status: pica lists every controlee of the command). UCI 1.x
    /// has the status only (empty list).
    case updateMulticastList(status: UCIStatus, [UCIControleeStatus])
    /// SESSION_START_RSP: status.
    case sessionStart(UCIStatus)
    /// SESSION_STOP_RSP: status.
    case sessionStop(UCIStatus)
    /// SESSION_GET_RANGING_COUNT_RSP: status, count (4).
    case rangingCount(status: UCIStatus, count: UInt32)
    /// ANDROID_GET_POWER_STATS_RSP (Android vendor group): status and the power statistics.
    case androidPowerStats(UCIPowerStatistics)
    /// ANDROID_SET_COUNTRY_CODE_RSP (Android vendor group): status.
    case androidSetCountryCode(UCIStatus)
    /// A response of a group or opcode not modelled here, with its payload.
    case unknown(group: UCIGroupID, opcode: UCIOpcodeID, payload: [UInt8])

    /// The response's status (for `.unknown`, its first octet, or `nil` when empty).
    public var status: UCIStatus? {
        switch self {
        case .deviceReset(let status), .sessionDeinit(let status), .sessionStart(let status), .sessionStop(let status),
             .androidSetCountryCode(let status):
            status
        case .androidPowerStats(let statistics): statistics.status
        case .deviceInfo(let info): info.status
        case .capabilities(let status, _), .getConfig(let status, _), .getAppConfig(let status, _): status
        case .setConfig(let status, _): status
        case .setAppConfig(let status, _): status
        case .sessionInit(let status, _), .sessionCount(let status, _), .sessionState(let status, _): status
        case .updateMulticastList(let status, _), .rangingCount(let status, _): status
        case .unknown(_, _, let payload): payload.first.map(UCIStatus.init(rawValue:))
        }
    }
}
