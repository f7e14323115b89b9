extension UCICommand {
    /// The command's name in the specification, for messages (for example `SESSION_START_CMD`).
    public var name: String {
        switch self {
        case .deviceReset: "CORE_DEVICE_RESET_CMD"
        case .getDeviceInfo: "CORE_GET_DEVICE_INFO_CMD"
        case .getCapabilities: "CORE_GET_CAPS_INFO_CMD"
        case .setConfig: "CORE_SET_CONFIG_CMD"
        case .getConfig: "CORE_GET_CONFIG_CMD"
        case .sessionInit: "SESSION_INIT_CMD"
        case .sessionDeinit: "SESSION_DEINIT_CMD"
        case .setAppConfig: "SESSION_SET_APP_CONFIG_CMD"
        case .getAppConfig: "SESSION_GET_APP_CONFIG_CMD"
        case .getSessionCount: "SESSION_GET_COUNT_CMD"
        case .getSessionState: "SESSION_GET_STATE_CMD"
        case .updateMulticastList: "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD"
        case .sessionStart: "SESSION_START_CMD"
        case .sessionStop: "SESSION_STOP_CMD"
        case .getRangingCount: "SESSION_GET_RANGING_COUNT_CMD"
        case .androidGetPowerStats: "ANDROID_GET_POWER_STATS_CMD"
        case .androidSetCountryCode: "ANDROID_SET_COUNTRY_CODE_CMD"
        case .unknown(let group, let opcode, _): "command GID \(group) OID \(opcode)"
        }
    }
}
