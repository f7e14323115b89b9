import Testing
import UCI

/// Responses (UWBS → host). Header: MT 2 → octet 0 = 0x40 | GID.
let goldenResponses: [Golden] = [
    Golden("DEVICE_RESET_RSP", "40 00 00 01 00", .response(.deviceReset(.ok))),
    // status 00 | UCI 02 00 (2.0) | MAC 01 30 (1.3.0) | PHY 01 30 | test 01 00 (1.0) | vendor len 02 AB CD
    Golden(
        "GET_DEVICE_INFO_RSP", "40 02 00 0C 00 02 00 01 30 01 30 01 00 02 AB CD",
        .response(.deviceInfo(UCIDeviceInfo(
            status: .ok, uciVersion: UCIVersion(major: 2, minor: 0), macVersion: UCIVersion(major: 1, minor: 3),
            phyVersion: UCIVersion(major: 1, minor: 3), uciTestVersion: UCIVersion(major: 1, minor: 0), vendorSpecificInfo: [0xAB, 0xCD])))),
    // status 00 | count 02 | 0B (SUPPORTED_CHANNELS) 01 02 | 13 (MAX_DATA_PACKET_PAYLOAD_SIZE) 02 00 04 (1024)
    Golden(
        "GET_CAPS_INFO_RSP", "40 03 00 09 00 02 0B 01 02 13 02 00 04",
        .response(.capabilities(status: .ok, [UCIParameter(.supportedChannels, [2]), UCIParameter(.supportedMaxDataPacketPayloadSize, integer: UInt16(1024))]))),
    // status 04 (INVALID_PARAM) | count 01 | 00 (DEVICE_STATE) 09 (READ_ONLY)
    Golden("SET_CONFIG_RSP", "40 04 00 04 04 01 00 09", .response(.setConfig(status: .invalidParameter, [UCIParameterStatus(.deviceState, .readOnly)]))),
    // status 00 | count 01 | 00 (DEVICE_STATE) 01 01 (READY)
    Golden("GET_CONFIG_RSP", "40 05 00 05 00 01 00 01 01", .response(.getConfig(status: .ok, [UCIParameter(.deviceState, [1])]))),
    // UCI 1.x: status only
    Golden("SESSION_INIT_RSP", .v1, "41 00 00 01 00", .response(.sessionInit(status: .ok, sessionHandle: nil))),
    // UCI 2.0: status | session handle 0x01020304 LE
    Golden("SESSION_INIT_RSP", .v2, "41 00 00 05 00 04 03 02 01", .response(.sessionInit(status: .ok, sessionHandle: 0x0102_0304))),
    // UCI 2.0 as google/pica answers it (`uwb uci serve --no-session-handles`): status only, the session id the token
    Golden("SESSION_INIT_RSP", .v2, "41 00 00 01 00", .response(.sessionInit(status: .ok, sessionHandle: nil))),
    Golden("SESSION_DEINIT_RSP", "41 01 00 01 11", .response(.sessionDeinit(.sessionNotExist))),
    // status 04 | count 01 | 08 (SLOT_DURATION) 05 (INVALID_RANGE)
    Golden("SESSION_SET_APP_CONFIG_RSP", "41 03 00 04 04 01 08 05", .response(.setAppConfig(status: .invalidParameter, [UCIParameterStatus(.slotDuration, .invalidRange)]))),
    // status 00 | count 01 | 04 (CHANNEL_NUMBER) 01 09
    Golden("SESSION_GET_APP_CONFIG_RSP", "41 04 00 05 00 01 04 01 09", .response(.getAppConfig(status: .ok, [UCIParameter(.channelNumber, [9])]))),
    Golden("SESSION_GET_COUNT_RSP", "41 05 00 02 00 03", .response(.sessionCount(status: .ok, count: 3))),
    // status 00 | state 03 (IDLE)
    Golden("SESSION_GET_STATE_RSP", "41 06 00 02 00 03", .response(.sessionState(status: .ok, .idle))),
    // UCI 1.x: status only
    Golden("SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_RSP", .v1, "41 07 00 01 00", .response(.updateMulticastList(status: .ok, []))),
    // UCI 2.0: status 01 | count 01 | A0 B0 | 07 (ERROR_ADDRESS_NOT_FOUND)
    Golden(
        "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_RSP", .v2, "41 07 00 05 01 01 A0 B0 07",
        .response(.updateMulticastList(status: .rejected, [UCIControleeStatus(shortAddress: 0xB0A0, status: .addressNotFound)]))),
    Golden("SESSION_START_RSP", "42 00 00 01 00", .response(.sessionStart(.ok))),
    Golden("SESSION_STOP_RSP", "42 01 00 01 13", .response(.sessionStop(.sessionActive))),
    // status 00 | count 0x00000102 LE
    Golden("SESSION_GET_RANGING_COUNT_RSP", "42 03 00 05 00 02 01 00 00", .response(.rangingCount(status: .ok, count: 0x102))),
    // 4C (rsp, VENDOR_ANDROID) 00 (GET_POWER_STATS) 00 11 | status 00 | idle 1000 ms E8 03 00 00 | TX 20 ms 14 00 00 00
    // | RX 300 ms 2C 01 00 00 | wakes 7 07 00 00 00
    Golden(
        "ANDROID_GET_POWER_STATS_RSP", "4C 00 00 11 00 E8 03 00 00 14 00 00 00 2C 01 00 00 07 00 00 00",
        .response(.androidPowerStats(UCIPowerStatistics(
            status: .ok, idleMilliseconds: 1000, transmitMilliseconds: 20, receiveMilliseconds: 300, wakeCount: 7)))),
    // 4C 01 (SET_COUNTRY_CODE) 00 01 | status 00
    Golden("ANDROID_SET_COUNTRY_CODE_RSP", "4C 01 00 01 00", .response(.androidSetCountryCode(.ok))),
    // the answer to an unknown GID: GID 5, OID 3F, status 07 (UNKNOWN_GID)
    Golden("UNKNOWN_GID answer", "45 3F 00 01 07", .response(.unknown(group: UCIGroupID(rawValue: 5), opcode: UCIOpcodeID(rawValue: 0x3F), payload: [0x07]))),
]

@Suite struct GoldenResponseTests {
    @Test func unknownAnswerCarriesItsStatus() {
        #expect(UCIResponse.unknown(group: .core, opcode: UCIOpcodeID(rawValue: 0x3E), payload: [0x08]).status == .unknownOID)
    }

    @Test func versionFieldsFollowPica() {
        #expect(UCIVersion(field: 0x0002) == UCIVersion(major: 2, minor: 0))
        #expect(UCIVersion(field: 0x3001).description == "1.3.0")
        #expect(UCIVersion(major: 1, minor: 1).revision == .v1)
        #expect(UCIVersion(major: 2, minor: 0).revision == .v2)
    }

    @Test func versionSpecificFieldsAreChecked() {
        #expect(throws: UCIError.invalidValue(message: "SESSION_INIT_RSP", field: "session handle in UCI 1.x", value: 1)) {
            try UCIResponse.sessionInit(status: .ok, sessionHandle: 1).encoded(version: .v1)
        }
    }
}
