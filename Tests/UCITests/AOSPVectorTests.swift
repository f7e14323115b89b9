import Testing
import UCI

/// Android's UCI stack describes every UCI message in its packet definitions, `uci_packets.pdl` of
/// `packages/modules/Uwb` (`src/rust/uwb_uci_packets/`, read at GrapheneOS/platform_packages_modules_Uwb
/// 1c704d72a9f80ffd49db378703b116968c35dc41), with inline test vectors. Each vector below is one of
/// them for a message this codec implements, as Android wrote it; it must decode to the fields the
/// definition gives those octets (written out here from the definition, in the comments) and encode
/// back to the same octets.
///
/// Most of Android's vectors use its in-stack layout, not the wire's: the control header's first
/// three octets, then the payload size as 32 bits little endian (`UciControlPacket`), where the wire
/// has one octet (``aospToWire(_:)`` converts). Vectors that Android wrote inconsistently, and those of
/// messages the codec does not implement, are listed in `Docs/uci.md`, "Android's test vectors".
@Suite("Android's UCI test vectors")
struct AOSPVectorTests {
    /// One of Android's vectors: its packet's name in the definitions, the layouts it is read in, the
    /// octets as Android wrote them (hex) and the message they hold.
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let version: UCIProtocolRevision
        let aosp: String
        let message: UCIMessage

        var testDescription: String { name }
    }

    /// A wire packet from Android's in-stack layout (three header octets, a 32-bit payload size, the
    /// payload), or the octets as they are when they are a wire packet already (a one-octet size that
    /// matches); nil when neither size matches what follows.
    static func aospToWire(_ octets: [UInt8]) -> [UInt8]? {
        if octets.count >= 7 {
            let size = octets[3..<7].reversed().reduce(0) { $0 << 8 | Int($1) }
            if size == octets.count - 7, size <= 255 {
                return Array(octets[0..<3]) + [UInt8(size)] + Array(octets[7...])
            }
        }
        if octets.count >= 4, Int(octets[3]) == octets.count - 4 {
            return octets
        }
        return nil
    }

    static let vectors: [Vector] = [
        // DeviceResetCmd: reset_config 0 (UWBS_RESET).
        Vector(name: "DeviceResetCmd", version: .v2, aosp: "20 00 00 01 00 00 00 00", message: .command(.deviceReset(resetConfig: 0))),
        // DeviceResetRsp: status 0 (OK).
        Vector(name: "DeviceResetRsp", version: .v2, aosp: "40 00 00 01 00 00 00 00", message: .response(.deviceReset(.ok))),
        // DeviceStatusNtf: device_state 1 (READY).
        Vector(name: "DeviceStatusNtf", version: .v2, aosp: "60 01 00 01 00 00 00 01", message: .notification(.deviceStatus(.ready))),
        Vector(name: "GetDeviceInfoCmd", version: .v2, aosp: "20 02 00 00 00 00 00", message: .command(.getDeviceInfo)),
        // GetDeviceInfoRsp: status 1 (REJECTED), uci_version 0x0001, mac_version 0x0002, phy_version
        // 0x0003, uci_test_version 0x0004, one octet of vendor info, 0x0A.
        Vector(
            name: "GetDeviceInfoRsp", version: .v2, aosp: "40 02 00 0b 00 00 00 01 01 00 02 00 03 00 04 00 01 0a",
            message: .response(.deviceInfo(UCIDeviceInfo(
                status: .rejected, uciVersion: UCIVersion(field: 0x0001), macVersion: UCIVersion(field: 0x0002),
                phyVersion: UCIVersion(field: 0x0003), uciTestVersion: UCIVersion(field: 0x0004), vendorSpecificInfo: [0x0A])))),
        Vector(name: "GetCapsInfoCmd", version: .v2, aosp: "20 03 00 00 00 00 00", message: .command(.getCapabilities)),
        // GetCapsInfoRsp: status 0, one TLV: type 0x00, one octet 0x01.
        Vector(
            name: "GetCapsInfoRsp", version: .v2, aosp: "40 03 00 05 00 00 00 00 01 00 01 01",
            message: .response(.capabilities(status: .ok, [UCIParameter(UCICapabilityID(rawValue: 0x00), [0x01])]))),
        // SetConfigCmd: one TLV: LOW_POWER_MODE (0x01), empty value.
        Vector(name: "SetConfigCmd", version: .v2, aosp: "20 04 00 03 00 00 00 01 01 00", message: .command(.setConfig([UCIParameter(.lowPowerMode, [])]))),
        // SetConfigRsp: status 1 (REJECTED), one status: LOW_POWER_MODE REJECTED; then UNKNOWN (0x0B).
        Vector(
            name: "SetConfigRsp", version: .v2, aosp: "40 04 00 04 00 00 00 01 01 01 01",
            message: .response(.setConfig(status: .rejected, [UCIParameterStatus(.lowPowerMode, .rejected)]))),
        Vector(
            name: "SetConfigRsp (second)", version: .v2, aosp: "40 04 00 04 00 00 00 01 01 01 0B",
            message: .response(.setConfig(status: .rejected, [UCIParameterStatus(.lowPowerMode, .unknown)]))),
        // GetConfigCmd: one id, LOW_POWER_MODE.
        Vector(name: "GetConfigCmd", version: .v2, aosp: "20 05 00 02 00 00 00 01 01", message: .command(.getConfig([.lowPowerMode]))),
        // GetConfigRsp: status 1, one TLV: DEVICE_STATE (0x00), one octet 0x01.
        Vector(
            name: "GetConfigRsp", version: .v2, aosp: "40 05 00 05 00 00 00 01 01 00 01 01",
            message: .response(.getConfig(status: .rejected, [UCIParameter(.deviceState, [0x01])]))),
        // GenericError: status 1 (REJECTED).
        Vector(name: "GenericError", version: .v2, aosp: "60 07 00 01 00 00 00 01", message: .notification(.genericError(.rejected))),
        // SessionInitCmd: session_id 0x04030201, session_type 1 (ranging and in-band data).
        Vector(
            name: "SessionInitCmd", version: .v2, aosp: "21 00 00 05 00 00 00 01 02 03 04 01",
            message: .command(.sessionInit(sessionID: 0x0403_0201, type: .rangingAndInBandData))),
        // SessionInitRsp (UCI 1.x): status 0x11 (SESSION_NOT_EXIST).
        Vector(
            name: "SessionInitRsp", version: .v1, aosp: "41 00 00 01 00 00 00 11",
            message: .response(.sessionInit(status: .sessionNotExist, sessionHandle: nil))),
        // SessionDeinitCmd: session_token 0x04030201.
        Vector(name: "SessionDeinitCmd", version: .v2, aosp: "21 01 00 04 00 00 00 01 02 03 04", message: .command(.sessionDeinit(sessionToken: 0x0403_0201))),
        Vector(name: "SessionDeinitRsp", version: .v2, aosp: "41 01 00 01 00 00 00 00", message: .response(.sessionDeinit(.ok))),
        // SessionStatusNtf: session_token 0x04030201, state 2 (ACTIVE), reason 0x21; then state 1
        // (DEINIT) with the vendor-specific reason 0x82.
        Vector(
            name: "SessionStatusNtf", version: .v2, aosp: "61 02 00 06 00 00 00 01 02 03 04 02 21",
            message: .notification(.sessionStatus(sessionToken: 0x0403_0201, state: .active, reason: UCISessionStatusReason(rawValue: 0x21)))),
        Vector(
            name: "SessionStatusNtf (vendor-specific reason)", version: .v2, aosp: "61 02 00 06 00 00 00 01 02 03 04 01 82",
            message: .notification(.sessionStatus(sessionToken: 0x0403_0201, state: .deinitialized, reason: UCISessionStatusReason(rawValue: 0x82)))),
        // SessionSetAppConfigCmd: session_token 0x04030201, no TLV.
        Vector(
            name: "SessionSetAppConfigCmd", version: .v2, aosp: "21 03 00 05 00 00 00 01 02 03 04 00",
            message: .command(.setAppConfig(sessionToken: 0x0403_0201, []))),
        // SessionSetAppConfigRsp: status 1, one status: RANGING_ROUND_USAGE (0x01) OK.
        Vector(
            name: "SessionSetAppConfigRsp", version: .v2, aosp: "41 03 00 04 00 00 00 01 01 01 00",
            message: .response(.setAppConfig(status: .rejected, [UCIParameterStatus(.rangingRoundUsage, .ok)]))),
        // SessionGetAppConfigCmd: session_token 0x04030201, no id.
        Vector(
            name: "SessionGetAppConfigCmd", version: .v2, aosp: "21 04 00 05 00 00 00 01 02 03 04 00",
            message: .command(.getAppConfig(sessionToken: 0x0403_0201, []))),
        // SessionGetAppConfigRsp: status 1, no TLV.
        Vector(name: "SessionGetAppConfigRsp", version: .v2, aosp: "41 04 00 02 00 00 00 01 00", message: .response(.getAppConfig(status: .rejected, []))),
        Vector(name: "SessionGetCountCmd", version: .v2, aosp: "21 05 00 00 00 00 00", message: .command(.getSessionCount)),
        // SessionGetCountRsp: status 0, one session.
        Vector(name: "SessionGetCountRsp", version: .v2, aosp: "41 05 00 02 00 00 00 00 01", message: .response(.sessionCount(status: .ok, count: 1))),
        // SessionGetStateCmd: session_token 0x03020100.
        Vector(name: "SessionGetStateCmd", version: .v2, aosp: "21 06 00 04 00 00 00 00 01 02 03", message: .command(.getSessionState(sessionToken: 0x0302_0100))),
        // SessionGetStateRsp: status 0, state 1 (DEINIT).
        Vector(name: "SessionGetStateRsp", version: .v2, aosp: "41 06 00 02 00 00 00 00 01", message: .response(.sessionState(status: .ok, .deinitialized))),
        // SessionUpdateControllerMulticastListRsp, UCI 1.x payload: status 0.
        Vector(
            name: "SessionUpdateControllerMulticastListRsp", version: .v1, aosp: "41 07 00 01 00 00 00 00",
            message: .response(.updateMulticastList(status: .ok, []))),
        // SessionUpdateControllerMulticastListNtf, UCI 1.x payload: session_token 0x03020100,
        // remaining_multicast_list_size 4, no controlee status.
        Vector(
            name: "SessionUpdateControllerMulticastListNtf", version: .v1, aosp: "61 07 00 06 00 00 00 00 01 02 03 04 00",
            message: .notification(.multicastListUpdate(UCIMulticastListNotification(sessionToken: 0x0302_0100, remainingListSize: 4, statuses: [])))),
        // DataCreditNtf: session_token 0x01000000, credit_availability 1 (available).
        Vector(
            name: "DataCreditNtf", version: .v2, aosp: "62 04 00 05 00 00 00 00 00 00 01 01",
            message: .notification(.dataCredit(sessionToken: 0x0100_0000, available: true))),
        // SessionStartCmd: session_token 0x03020100.
        Vector(name: "SessionStartCmd", version: .v2, aosp: "22 00 00 04 00 00 00 00 01 02 03", message: .command(.sessionStart(sessionToken: 0x0302_0100))),
        Vector(name: "SessionStartRsp", version: .v2, aosp: "42 00 00 01 00 00 00 00", message: .response(.sessionStart(.ok))),
        // ShortMacTwoWaySessionInfoNtf: sequence_number 0x04030200, session_token 0x08070605,
        // rcr_indicator 0, current_ranging_interval 0x0101010A, type 1 (TWO_WAY), short addresses,
        // no measurement, no vendor data.
        Vector(
            name: "ShortMacTwoWaySessionInfoNtf", version: .v2,
            aosp: "62 00 00 19 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 01 00 00 00 00 00 00 00 00 00 00 00",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                measurements: .twoWay([], vendorData: []))))),
        // ExtendedMacTwoWaySessionInfoNtf: the same with extended addresses.
        Vector(
            name: "ExtendedMacTwoWaySessionInfoNtf", version: .v2,
            aosp: "62 00 00 19 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 01 00 01 00 00 00 00 00 00 00 00 00",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                usesExtendedAddresses: true, measurements: .twoWay([], vendorData: []))))),
        // ShortMacDlTDoASessionInfoNtf: sequence_number 0x04030200, session_token 0x08070605,
        // rcr_indicator 0, current_ranging_interval 0x0101020A, type 2 (DL_TDOA), short addresses,
        // no measurement.
        Vector(
            name: "ShortMacDlTDoASessionInfoNtf", version: .v2,
            aosp: "62 00 00 19 00 00 00 00 02 03 04 05 06 07 08 00 0a 02 01 01 02 00 00 00 00 00 00 00 00 00 00 00",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_020A,
                measurements: .downlinkTDoA([]))))),
        // ExtendedMacDlTDoASessionInfoNtf: interval 0x0101010A, extended addresses, no measurement.
        Vector(
            name: "ExtendedMacDlTDoASessionInfoNtf", version: .v2,
            aosp: "62 00 00 19 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 02 00 01 00 00 00 00 00 00 00 00 00",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                usesExtendedAddresses: true, measurements: .downlinkTDoA([]))))),
        // ShortMacOwrAoaSessionInfoNtf: type 3 (OWR_AOA), no measurement, no vendor data.
        Vector(
            name: "ShortMacOwrAoaSessionInfoNtf", version: .v2,
            aosp: "62 00 00 19 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 03 00 00 00 00 00 00 00 00 00 00 00",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                measurements: .oneWayAoA([], vendorData: []))))),
        // ShortMacOwrAoaSessionInfoNtf with one measurement: mac_address 0xBBAA, status 0, nlos 0,
        // frame_sequence_number 1, block_index 1, aoa_azimuth 0x0403, its FOM 0x60, aoa_elevation
        // 0x0605, its FOM 0x50.
        Vector(
            name: "ShortMacOwrAoaSessionInfoNtf", version: .v2,
            aosp: "62 00 00 26 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 03 00 00 00 00 00 00 00 00 00 00 01"
                + " aa bb 00 00 01 01 00 03 04 60 05 06 50",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                measurements: .oneWayAoA([owrAoA(0xBBAA)], vendorData: []))))),
        // ExtendedMacOwrAoaSessionInfoNtf: extended addresses, no measurement.
        Vector(
            name: "ExtendedMacOwrAoaSessionInfoNtf", version: .v2,
            aosp: "62 00 00 19 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 03 00 01 00 00 00 00 00 00 00 00 00",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                usesExtendedAddresses: true, measurements: .oneWayAoA([], vendorData: []))))),
        // ExtendedMacOwrAoaSessionInfoNtf with one measurement: mac_address 0x04030201DDCCBBAA, the rest as above.
        Vector(
            name: "ExtendedMacOwrAoaSessionInfoNtf", version: .v2,
            aosp: "62 00 00 2c 00 00 00 00 02 03 04 05 06 07 08 00 0a 01 01 01 03 00 01 00 00 00 00 00 00 00 00 01"
                + " aa bb cc dd 01 02 03 04 00 00 01 01 00 03 04 60 05 06 50",
            message: .notification(.sessionInfo(UCISessionInfo(
                sequenceNumber: 0x0403_0200, sessionToken: 0x0807_0605, currentRangingInterval: 0x0101_010A,
                usesExtendedAddresses: true, measurements: .oneWayAoA([owrAoA(0x0403_0201_DDCC_BBAA)], vendorData: []))))),
        // SessionStopCmd: session_token 0x04030200.
        Vector(name: "SessionStopCmd", version: .v2, aosp: "22 01 00 04 00 00 00 00 02 03 04", message: .command(.sessionStop(sessionToken: 0x0403_0200))),
        Vector(name: "SessionStopRsp", version: .v2, aosp: "42 01 00 01 00 00 00 00", message: .response(.sessionStop(.ok))),
        // SessionGetRangingCountCmd: session_token 0x04030200.
        Vector(
            name: "SessionGetRangingCountCmd", version: .v2, aosp: "22 03 00 04 00 00 00 00 02 03 04",
            message: .command(.getRangingCount(sessionToken: 0x0403_0200))),
        // SessionGetRangingCountRsp: status 0, count 0x05040302.
        Vector(
            name: "SessionGetRangingCountRsp", version: .v2, aosp: "42 03 00 05 00 00 00 00 02 03 04 05",
            message: .response(.rangingCount(status: .ok, count: 0x0504_0302))),
        Vector(name: "AndroidGetPowerStatsCmd", version: .v2, aosp: "2c 00 00 00 00 00 00", message: .command(.androidGetPowerStats)),
        // AndroidGetPowerStatsRsp: status 0 and four zero counters.
        Vector(
            name: "AndroidGetPowerStatsRsp", version: .v2,
            aosp: "4c 00 00 11 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
            message: .response(.androidPowerStats(UCIPowerStatistics(
                status: .ok, idleMilliseconds: 0, transmitMilliseconds: 0, receiveMilliseconds: 0, wakeCount: 0)))),
        // AndroidSetCountryCodeCmd: "US".
        Vector(name: "AndroidSetCountryCodeCmd", version: .v2, aosp: "2c 01 00 02 00 00 00 55 53", message: .command(.androidSetCountryCode(Array("US".utf8)))),
        Vector(name: "AndroidSetCountryCodeRsp", version: .v2, aosp: "4c 01 00 01 00 00 00 00", message: .response(.androidSetCountryCode(.ok))),
    ]

    /// The OWR-AoA measurement of Android's vectors, from `address`.
    static func owrAoA(_ address: UInt64) -> UCIOneWayAoAMeasurement {
        UCIOneWayAoAMeasurement(
            macAddress: address, frameSequenceNumber: 1, blockIndex: 1, azimuth: UCIAngle(field: 0x0403), azimuthFOM: 0x60,
            elevation: UCIAngle(field: 0x0605), elevationFOM: 0x50)
    }

    @Test("decodes to the fields the definition gives and encodes back to the same octets", arguments: vectors)
    func vector(_ vector: Vector) throws {
        let wire = try #require(Self.aospToWire(hex(vector.aosp)), "\(vector.name): neither size matches what follows")
        var reassembler = UCIReassembler()
        reassembler.append(wire)
        let raw = try #require(try reassembler.nextMessage())
        #expect(try UCIMessage(decoding: raw, version: vector.version) == vector.message)
        #expect(try vector.message.encoded(version: vector.version).encoded() == wire)
    }

    @Test("the in-stack layout is told from the wire's by which size matches; a vector where neither does is refused")
    func layouts() {
        #expect(Self.aospToWire(hex("40 00 00 01 00 00 00 00")) == hex("40 00 00 01 00"))
        #expect(Self.aospToWire(hex("4D 02 00 01 00")) == hex("4D 02 00 01 00"))
        // SessionInitRsp_V2 as Android wrote it: its 32-bit size says 1, and 5 octets follow.
        #expect(Self.aospToWire(hex("41 00 00 01 00 00 00 11 00 00 00 01")) == nil)
    }
}
