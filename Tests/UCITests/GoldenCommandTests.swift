import UCI

/// Commands (host → UWBS). Header: MT 1 → octet 0 = 0x20 | GID; octet 1 = OID; octet 2 RFU; octet 3 length.
let goldenCommands: [Golden] = [
    // 20 (cmd, CORE) 00 (DEVICE_RESET) 00 01 | reset config 00
    Golden("DEVICE_RESET_CMD", "20 00 00 01 00", .command(.deviceReset(resetConfig: 0))),
    // 20 02 (GET_DEVICE_INFO) 00 00, no payload
    Golden("GET_DEVICE_INFO_CMD", "20 02 00 00", .command(.getDeviceInfo)),
    Golden("GET_CAPS_INFO_CMD", "20 03 00 00", .command(.getCapabilities)),
    // count 01 | id 01 (LOW_POWER_MODE) len 01 value 01
    Golden("SET_CONFIG_CMD", "20 04 00 04 01 01 01 01", .command(.setConfig([UCIParameter(.lowPowerMode, [1])]))),
    // count 02 | ids 00 (DEVICE_STATE) 01 (LOW_POWER_MODE)
    Golden("GET_CONFIG_CMD", "20 05 00 03 02 00 01", .command(.getConfig([.deviceState, .lowPowerMode]))),
    // 21 (cmd, SESSION_CONFIG) 00 (INIT) | session id 0x04030201 LE | type 00 (FIRA_RANGING_SESSION)
    Golden("SESSION_INIT_CMD", "21 00 00 05 01 02 03 04 00", .command(.sessionInit(sessionID: 0x0403_0201, type: .ranging))),
    // 21 01 (DEINIT) | token 0x04030201
    Golden("SESSION_DEINIT_CMD", "21 01 00 04 01 02 03 04", .command(.sessionDeinit(sessionToken: 0x0403_0201))),
    // token 1 | count 02 | 00 (DEVICE_TYPE) 01 01 (controller) | 08 (SLOT_DURATION) 02 60 09 (2400 RSTU)
    Golden(
        "SESSION_SET_APP_CONFIG_CMD", "21 03 00 0C 01 00 00 00 02 00 01 01 08 02 60 09",
        .command(.setAppConfig(sessionToken: 1, [UCIParameter(.deviceType, [1]), UCIParameter(.slotDuration, integer: UInt16(2400))]))),
    // token 1 | count 02 | 00 (DEVICE_TYPE) 09 (RANGING_DURATION)
    Golden("SESSION_GET_APP_CONFIG_CMD", "21 04 00 07 01 00 00 00 02 00 09", .command(.getAppConfig(sessionToken: 1, [.deviceType, .rangingDuration]))),
    Golden("SESSION_GET_COUNT_CMD", "21 05 00 00", .command(.getSessionCount)),
    Golden("SESSION_GET_STATE_CMD", "21 06 00 04 01 00 00 00", .command(.getSessionState(sessionToken: 1))),
    // token 1 | action 00 (add) | count 01 | short address B0A0 LE | sub-session id 0
    Golden(
        "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD add", "21 07 00 0C 01 00 00 00 00 01 A0 B0 00 00 00 00",
        .command(.updateMulticastList(UCIMulticastListUpdate(sessionToken: 1, action: .add, controlees: [UCIMulticastControlee(shortAddress: 0xB0A0)])))),
    // token 1 | action 02 (add with 16-octet key, UCI 2.0) | count 01 | 02 00 | 44 33 22 11 | key 00…0F
    Golden(
        "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD key", "21 07 00 1C 01 00 00 00 02 01 02 00 44 33 22 11 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F",
        .command(.updateMulticastList(UCIMulticastListUpdate(
            sessionToken: 1, action: .addWithShortSubSessionKey,
            controlees: [UCIMulticastControlee(shortAddress: 2, subSessionID: 0x1122_3344, subSessionKey: Array(0...15))])))),
    // 22 (cmd, SESSION_CONTROL) 00 (START) | token 1
    Golden("SESSION_START_CMD", "22 00 00 04 01 00 00 00", .command(.sessionStart(sessionToken: 1))),
    Golden("SESSION_STOP_CMD", "22 01 00 04 01 00 00 00", .command(.sessionStop(sessionToken: 1))),
    Golden("SESSION_GET_RANGING_COUNT_CMD", "22 03 00 04 01 00 00 00", .command(.getRangingCount(sessionToken: 1))),
    // 2C (cmd, VENDOR_ANDROID) 00 (GET_POWER_STATS), no payload
    Golden("ANDROID_GET_POWER_STATS_CMD", "2C 00 00 00", .command(.androidGetPowerStats)),
    // 2C 01 (SET_COUNTRY_CODE) 00 02 | "US" 55 53
    Golden("ANDROID_SET_COUNTRY_CODE_CMD", "2C 01 00 02 55 53", .command(.androidSetCountryCode([0x55, 0x53]))),
    // 25: cmd with GID 5 (unassigned), OID 3F | payload AA: kept for UNKNOWN_GID
    Golden("unknown GID", "25 3F 00 01 AA", .command(.unknown(group: UCIGroupID(rawValue: 5), opcode: UCIOpcodeID(rawValue: 0x3F), payload: [0xAA]))),
    // CORE with OID 3E (unassigned): kept for UNKNOWN_OID
    Golden("unknown OID", "20 3E 00 00", .command(.unknown(group: .core, opcode: UCIOpcodeID(rawValue: 0x3E), payload: []))),
]
