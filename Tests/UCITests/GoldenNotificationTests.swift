import Testing
import UCI

private let shortMeasurement = UCITwoWayMeasurement(
    macAddress: 0x0002, status: .ok, nlos: 0, distanceCentimetres: 150,
    azimuth: UCIAngle(degrees: -45), azimuthFOM: 100, elevation: UCIAngle(degrees: 10.5), elevationFOM: 80,
    slotIndex: 1, rssi: 0x9A)

private let extendedMeasurement = UCITwoWayMeasurement(
    macAddress: 0x1122_3344_5566_7788, status: .rangingRxTimeout, nlos: 1, distanceCentimetres: 0xFFFF,
    destinationAzimuth: UCIAngle(degrees: 90), destinationAzimuthFOM: 50, destinationElevation: UCIAngle(degrees: -0.5),
    destinationElevationFOM: 40, slotIndex: 2, rssi: 0)

private let downlinkMeasurement = UCIDownlinkTDoAMeasurement(
    macAddress: 0x000A, messageType: .response, blockIndex: 0x0102, roundIndex: 3, rssi: 0x9A,
    transmitTimestamp: 0x01_0203_0405, receiveTimestamp: 0xFF_EEDD_CCBB,
    anchorClockOffset: UCIClockOffset(field: 0xFA00), clockOffset: UCIClockOffset(field: 0x0900),
    responderReplyTime: 0x12_3456, initiatorResponderTimeOfFlight: 0x0100,
    anchorLocation: UCIRelativeLocation(xMillimetres: 1000, yMillimetres: -2000, zMillimetres: 3000).map(UCIAnchorLocation.relative))

/// Notifications (UWBS → host). Header: MT 3 → octet 0 = 0x60 | GID.
let goldenNotifications: [Golden] = [
    // state 01 (READY)
    Golden("DEVICE_STATUS_NTF", "60 01 00 01 01", .notification(.deviceStatus(.ready))),
    // status 03 (SYNTAX_ERROR)
    Golden("GENERIC_ERROR_NTF", "60 07 00 01 03", .notification(.genericError(.syntaxError))),
    // token 1 | state 02 (ACTIVE) | reason 00
    Golden(
        "SESSION_STATUS_NTF", "61 02 00 06 01 00 00 00 02 00",
        .notification(.sessionStatus(sessionToken: 1, state: .active, reason: .stateChangeWithSessionManagementCommands))),
    // token 1 | state 03 (IDLE) | reason 82 (vendor, kept)
    Golden(
        "SESSION_STATUS_NTF vendor reason", "61 02 00 06 01 00 00 00 03 82",
        .notification(.sessionStatus(sessionToken: 1, state: .idle, reason: UCISessionStatusReason(rawValue: 0x82)))),
    // UCI 1.x: token 1 | remaining 07 | count 01 | A0 B0 | sub-session 00000000 | status 00
    Golden(
        "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_NTF", .v1, "61 07 00 0D 01 00 00 00 07 01 A0 B0 00 00 00 00 00",
        .notification(.multicastListUpdate(UCIMulticastListNotification(
            sessionToken: 1, remainingListSize: 7, statuses: [UCIControleeStatus(shortAddress: 0xB0A0, subSessionID: 0, status: .ok)])))),
    // UCI 2.0: token 1 | count 01 | A0 B0 | status 00
    Golden(
        "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_NTF", .v2, "61 07 00 08 01 00 00 00 01 A0 B0 00",
        .notification(.multicastListUpdate(UCIMulticastListNotification(sessionToken: 1, statuses: [UCIControleeStatus(shortAddress: 0xB0A0, status: .ok)])))),
    // 62 00 (SESSION_INFO_NTF) len 0x38 = 24 + 1 + 31
    // seq 0A000000 | token 01000000 | RCR 00 | interval C8000000 (200 ms) | type 01 (TWO_WAY) | RFU 00 | mode 00 (short)
    // | RFU ×8 | count 01
    // | mac 02 00 | status 00 | NLOS 00 | distance 96 00 (150 cm) | azimuth 80 E9 (−45° = −5760/128) | FOM 64
    // | elevation 40 05 (10.5° = 1344/128) | FOM 50 | dest az 00 00 | FOM 00 | dest el 00 00 | FOM 00 | slot 01
    // | RSSI 9A (−77 dBm) | RFU ×11
    Golden(
        "SESSION_INFO_NTF short",
        "62 00 00 38 0A 00 00 00 01 00 00 00 00 C8 00 00 00 01 00 00 00 00 00 00 00 00 00 00 01"
            + " 02 00 00 00 96 00 80 E9 64 40 05 50 00 00 00 00 00 00 01 9A 00 00 00 00 00 00 00 00 00 00 00",
        .notification(.sessionInfo(UCISessionInfo(
            sequenceNumber: 10, sessionToken: 1, currentRangingInterval: 200, measurements: .twoWay([shortMeasurement], vendorData: []))))),
    // len 0x39 = 24 + 1 + 31 + 1 vendor octet; RCR 01, mode 01 (extended)
    // | mac 88 77 66 55 44 33 22 11 | status 21 (RX_TIMEOUT) | NLOS 01 | distance FF FF | az 00 00 | 00 | el 00 00 | 00
    // | dest az 00 2D (90° = 11520) | FOM 32 | dest el C0 FF (−0.5° = −64) | FOM 28 | slot 02 | RSSI 00 | RFU ×5 | vendor EE
    Golden(
        "SESSION_INFO_NTF extended",
        "62 00 00 39 0B 00 00 00 01 00 00 00 01 C8 00 00 00 01 00 01 00 00 00 00 00 00 00 00 01"
            + " 88 77 66 55 44 33 22 11 21 01 FF FF 00 00 00 00 00 00 00 2D 32 C0 FF 28 02 00 00 00 00 00 00 EE",
        .notification(.sessionInfo(UCISessionInfo(
            sequenceNumber: 11, sessionToken: 1, rcrIndicator: 1, currentRangingInterval: 200, usesExtendedAddresses: true,
            measurements: .twoWay([extendedMeasurement], vendorData: [0xEE]))))),
    // len 0x4C = 24 + 1 + 51; type 02 (DL_TDOA), short addresses, count 01
    // | mac 0A 00 | status 00 | type 01 (Response) | control 40 00 (40-bit timestamps, relative location, no rounds)
    // | block 02 01 | round 03 | NLOS 00 | az 00 00 | 00 | el 00 00 | 00 | RSSI 9A | TX 05 04 03 02 01 | RX BB CC DD EE FF
    // | anchor CFO 00 FA (−1.5 ppm = −1536/1024) | CFO 00 09 (2.25 ppm) | initiator reply 0 | responder reply 56 34 12 00
    // | ToF 00 01 | location: x 1000 mm, y −2000 mm, z 3000 mm in 28 + 28 + 24 bits
    Golden(
        "SESSION_INFO_NTF DL-TDoA",
        "62 00 00 4C 01 00 00 00 01 00 00 00 00 64 00 00 00 02 00 00 00 00 00 00 00 00 00 00 01"
            + " 0A 00 00 01 40 00 02 01 03 00 00 00 00 00 00 00 9A 05 04 03 02 01 BB CC DD EE FF 00 FA 00 09"
            + " 00 00 00 00 56 34 12 00 00 01 E8 03 00 00 83 FF FF B8 0B 00",
        .notification(.sessionInfo(UCISessionInfo(
            sequenceNumber: 1, sessionToken: 1, currentRangingInterval: 100,
            measurements: .downlinkTDoA([downlinkMeasurement]))))),
    // type 00 (ONE_WAY, UL-TDoA): no public layout, the measurements are kept undecoded
    Golden(
        "SESSION_INFO_NTF one-way kept",
        "62 00 00 1A 01 00 00 00 01 00 00 00 00 64 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 AB",
        .notification(.sessionInfo(UCISessionInfo(
            sequenceNumber: 1, sessionToken: 1, currentRangingInterval: 100, measurementType: .oneWay,
            measurements: .undecoded([0x00, 0xAB]))))),
    // token 1 | credit 01 (available)
    Golden("SESSION_DATA_CREDIT_NTF", "62 04 00 05 01 00 00 00 01", .notification(.dataCredit(sessionToken: 1, available: true))),
    // token 1 | UCI sequence 05 | status 01 (OK) | tx count 01
    Golden(
        "SESSION_DATA_TRANSFER_STATUS_NTF", "62 05 00 07 01 00 00 00 05 01 01",
        .notification(.dataTransferStatus(sessionToken: 1, sequenceNumber: 5, status: .ok, transmitCount: 1))),
    // Android vendor group C, OID 02: kept
    Golden("unknown notification", "6C 02 00 01 FF", .notification(.unknown(group: .vendorAndroid, opcode: UCIOpcodeID(rawValue: 2), payload: [0xFF]))),
]

/// Data messages. Header: octet 0 = MT 0 | PBF | DPF; octet 1 RFU; octets 2–3 length LE.
let goldenData: [Golden] = [
    // 01 (DATA_SND) 00 13 00 | handle 01000000 | destination 0200000000000000 | seq 07 00 | length 03 00 | "abc"
    Golden(
        "DATA_MESSAGE_SND", "01 00 13 00 01 00 00 00 02 00 00 00 00 00 00 00 07 00 03 00 61 62 63",
        .data(.send(UCIDataSend(sessionToken: 1, destinationAddress: 2, sequenceNumber: 7, data: Array("abc".utf8))))),
    // 02 (DATA_RCV) 00 13 00 | handle 01000000 | status 00 | source 0300000000000000 | seq 07 00 | length 02 00 | "hi"
    Golden(
        "DATA_MESSAGE_RCV", "02 00 13 00 01 00 00 00 00 03 00 00 00 00 00 00 00 07 00 02 00 68 69",
        .data(.receive(UCIDataReceive(sessionToken: 1, sourceAddress: 3, sequenceNumber: 7, data: Array("hi".utf8))))),
]

@Suite struct GoldenNotificationTests {
    @Test func rssiIsQ71NegativeDBm() {
        #expect(shortMeasurement.rssiDBm == -77)
    }
}
