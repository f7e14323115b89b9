/// A UCI command (MT 1), host to UWBS. Commands of groups or opcodes this module does not
/// model decode into `.unknown`, which keeps them, so a UWBS can answer UNKNOWN_GID or
/// UNKNOWN_OID.
///
/// Layouts: pica `uci_packets.pdl` (`Core…Cmd`, `Session…Cmd`); see `Docs/uci.md`.
public enum UCICommand: Hashable, Sendable {
    /// CORE_DEVICE_RESET_CMD: reset configuration (1; 0 = UWBS reset).
    case deviceReset(resetConfig: UInt8)
    /// CORE_GET_DEVICE_INFO_CMD: no payload.
    case getDeviceInfo
    /// CORE_GET_CAPS_INFO_CMD: no payload.
    case getCapabilities
    /// CORE_SET_CONFIG_CMD: number of parameters (1), TLVs.
    case setConfig([UCIParameter<UCIDeviceConfigID>])
    /// CORE_GET_CONFIG_CMD: number of ids (1), ids.
    case getConfig([UCIDeviceConfigID])
    /// SESSION_INIT_CMD: session id (4), session type (1).
    case sessionInit(sessionID: UInt32, type: UCISessionType)
    /// SESSION_DEINIT_CMD: session token (4).
    case sessionDeinit(sessionToken: UInt32)
    /// SESSION_SET_APP_CONFIG_CMD: session token (4), number of parameters (1), TLVs.
    case setAppConfig(sessionToken: UInt32, [UCIParameter<UCIAppConfigID>])
    /// SESSION_GET_APP_CONFIG_CMD: session token (4), number of ids (1), ids (none: all).
    case getAppConfig(sessionToken: UInt32, [UCIAppConfigID])
    /// SESSION_GET_COUNT_CMD: no payload.
    case getSessionCount
    /// SESSION_GET_STATE_CMD: session token (4).
    case getSessionState(sessionToken: UInt32)
    /// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD.
    case updateMulticastList(UCIMulticastListUpdate)
    /// SESSION_START_CMD: session token (4).
    case sessionStart(sessionToken: UInt32)
    /// SESSION_STOP_CMD: session token (4).
    case sessionStop(sessionToken: UInt32)
    /// SESSION_GET_RANGING_COUNT_CMD: session token (4).
    case getRangingCount(sessionToken: UInt32)
    /// ANDROID_GET_POWER_STATS_CMD (Android vendor group): no payload.
    case androidGetPowerStats
    /// ANDROID_SET_COUNTRY_CODE_CMD (Android vendor group): the ISO 3166-1 alpha-2 code, two
    /// ASCII octets (for example `US`).
    case androidSetCountryCode([UInt8])
    /// A command of a group or opcode not modelled here, with its payload.
    case unknown(group: UCIGroupID, opcode: UCIOpcodeID, payload: [UInt8])
}
