import Testing
import UCI

/// Android's UCI parser reads DL-TDoA measurements by hand (`DlTdoaRangingMeasurement::parse_one`,
/// `src/rust/uwb_uci_packets/src/lib.rs` of `packages/modules/Uwb`, read at
/// GrapheneOS/platform_packages_modules_Uwb 3854a325fd2b38f19ed59eaf48dc97b3f72ae87b) and tests it
/// with two lists of measurements (`test_short_dltdoa_ranging_measurement`,
/// `test_extended_dltdoa_ranging_measurement`). Each list below is Android's octets, put after a
/// SESSION_INFO_NTF header; it must decode to the values Android's test asserts (written out here,
/// with Android's field names in the comments) and encode back to the same octets.
@Suite("Android's DL-TDoA measurement vectors")
struct AOSPDownlinkTDoAVectorTests {
    /// A SESSION_INFO_NTF of DL-TDoA measurements (`count` of them in `measurements`), short or extended.
    static func notification(count: UInt8, extended: Bool, _ measurements: String) -> [UInt8] {
        let payload = hex("01 00 00 00 02 00 00 00 00 64 00 00 00 02 00") + [extended ? 1 : 0] + [UInt8](repeating: 0, count: 8)
            + [count] + hex(measurements)
        return hex("62 00 00") + [UInt8(payload.count)] + payload
    }

    /// Decodes a whole packet and checks it encodes back to itself.
    static func roundTrip(_ packet: [UInt8]) throws -> [UCIDownlinkTDoAMeasurement] {
        var reassembler = UCIReassembler()
        reassembler.append(packet)
        let raw = try #require(try reassembler.nextMessage())
        let message = try UCIMessage(decoding: raw, version: .v2)
        #expect(try message.encoded(version: .v2).encoded() == packet)
        guard case .notification(.sessionInfo(let info)) = message, case .downlinkTDoA(let list) = info.measurements else {
            Issue.record("not a DL-TDoA SESSION_INFO_NTF: \(message)")
            return []
        }
        return list
    }

    /// The fields both of Android's short-address measurements share.
    static func expectCommonFields(_ measurement: UCIDownlinkTDoAMeasurement) {
        #expect(measurement.status == UCIStatus(rawValue: 0x33))
        #expect(measurement.messageType == UCIDownlinkTDoAMessageType(rawValue: 0x05))
        #expect(measurement.blockIndex == 0x0502)
        #expect(measurement.roundIndex == 0x07)
        #expect(measurement.nlos == 0x09)
        #expect(measurement.azimuth == UCIAngle(field: 0x010A))
        #expect(measurement.azimuthFOM == 0x02)
        #expect(measurement.elevation == UCIAngle(field: 0x0705))
        #expect(measurement.elevationFOM == 0x09)
        #expect(measurement.rssi == 0x0A)
        #expect(measurement.anchorClockOffset == UCIClockOffset(field: 0x0A09))
        #expect(measurement.clockOffset == UCIClockOffset(field: 0x0201))
        #expect(measurement.initiatorReplyTime == 0x0509_0705)
        #expect(measurement.responderReplyTime == 0x010A_0907)
        #expect(measurement.initiatorResponderTimeOfFlight == 0x0502)
        #expect(measurement.activeRangingRounds == hex("05 07 09 0a 01 02 05 07 09 05"))
    }

    @Test("short addresses: a 64-bit TX and a 40-bit RX timestamp, a relative then a WGS-84 location, ten active rounds")
    func shortAddresses() throws {
        let packet = Self.notification(count: 2, extended: false, """
            0a 01 33 05 53 05 02 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 05 07 09 0a
            01 02 05 07 09 05 07 09 0a 01 02 05 07 09 07 09 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 05
            0a 01 33 05 33 05 02 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 05 07 09 0a
            01 02 05 07 09 05 07 09 0a 01 02 05 07 09 07 09 05 07 09 0a 01 02 01 02 05 07 09 0a 01 02 05 07
            09 05
            """)
        let list = try Self.roundTrip(packet)
        try #require(list.count == 2)
        for measurement in list {
            // mac_address 0x010a, tx_timestamp 0x02010a0907050201 (64 bits), rx_timestamp 0x0705090705 (40).
            #expect(measurement.macAddress == 0x010A)
            #expect(measurement.transmitTimestampIs64Bit && !measurement.receiveTimestampIs64Bit)
            #expect(measurement.transmitTimestamp == 0x0201_0A09_0705_0201)
            #expect(measurement.receiveTimestamp == 0x07_0509_0705)
            #expect(measurement.transmitTimestampType == 1)
            Self.expectCommonFields(measurement)
        }
        // message_control 0x0553: location type 2 (relative), octets 07 09 07 09 05 07 09 0a 01 02.
        #expect(list[0].anchorLocation == .relative(UCIRelativeLocation(octets: hex("07 09 07 09 05 07 09 0a 01 02"))))
        // message_control 0x0533: location type 1 (WGS-84), 12 octets.
        #expect(list[1].anchorLocation == .wgs84(hex("07 09 07 09 05 07 09 0a 01 02 01 02")))
    }

    @Test("an extended address, 64-bit timestamps both ways, no location, two active rounds")
    func extendedAddress() throws {
        let packet = Self.notification(count: 1, extended: true, """
            0a 01 33 05 33 05 02 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 0a 01 02 05 07 09 05 07 09 0a
            01 02 05 07 09 05 07 09 0a 01 02 05 07 09 05 07 09 0a 01 02 05 02 05
            """)
        let measurement = try #require(try Self.roundTrip(packet).first)
        // mac_address 0x050205330533010a, message_control 0x010a.
        #expect(measurement.macAddress == 0x0502_0533_0533_010A)
        #expect(measurement.transmitTimestampIs64Bit && measurement.receiveTimestampIs64Bit)
        #expect(measurement.blockIndex == 0x0502)
        #expect(measurement.roundIndex == 0x07)
        #expect(measurement.rssi == 0x0A)
        #expect(measurement.transmitTimestamp == 0x0907_0509_0705_0201)
        #expect(measurement.receiveTimestamp == 0x0705_0907_0502_010A)
        #expect(measurement.anchorClockOffset == UCIClockOffset(field: 0x0A09))
        #expect(measurement.clockOffset == UCIClockOffset(field: 0x0201))
        #expect(measurement.initiatorReplyTime == 0x0509_0705)
        #expect(measurement.responderReplyTime == 0x010A_0907)
        #expect(measurement.initiatorResponderTimeOfFlight == 0x0502)
        #expect(measurement.anchorLocation == nil)
        #expect(measurement.activeRangingRounds == [0x02, 0x05])
    }

    @Test("a measurement cut short, or a location type of 3, is refused with the field named")
    func badMeasurements() {
        let truncated = Self.notification(count: 1, extended: false, "0a 01 00 01 40 00 02 01")
        var reassembler = UCIReassembler()
        reassembler.append(truncated)
        #expect(throws: UCIError.self) { try UCIMessage(decoding: try #require(try reassembler.nextMessage()), version: .v2) }
        // control 0x0060: location type 3.
        let badLocation = Self.notification(count: 1, extended: false, "0a 01 00 01 60 00" + String(repeating: " 00", count: 35))
        reassembler.append(badLocation)
        #expect(throws: UCIError.invalidValue(message: "SESSION_INFO_NTF", field: "message control location type", value: 3)) {
            try UCIMessage(decoding: try #require(try reassembler.nextMessage()), version: .v2)
        }
    }

    @Test("relative coordinates keep their sign in 28, 28 and 24 bits, and refuse what does not fit")
    func relativeLocation() throws {
        let location = try #require(UCIRelativeLocation(xMillimetres: -134_217_728, yMillimetres: 134_217_727, zMillimetres: -8_388_608))
        #expect(UCIRelativeLocation(octets: location.octets) == location)
        #expect(UCIRelativeLocation(xMillimetres: 134_217_728, yMillimetres: 0, zMillimetres: 0) == nil)
        #expect(UCIRelativeLocation(xMillimetres: 0, yMillimetres: 0, zMillimetres: 8_388_608) == nil)
    }
}

@Suite("The DT-tag role in GET_CAPS_INFO")
struct DownlinkTDoATagCapabilityTests {
    @Test("the DT-tag bit is bit 0 of SUPPORTED_DEVICE_ROLES' second octet, sent only when set")
    func tagRole() {
        let pica = UCICapabilitySet(parameters: [UCIParameter(.supportedDeviceRoles, [0x03])])
        #expect(pica.initiator && pica.responder && !pica.downlinkTDoATag)
        let tag = UCICapabilitySet(parameters: [UCIParameter(.supportedDeviceRoles, [0x03, 0x01])])
        #expect(tag.downlinkTDoATag)
        #expect(tag.parameters.first { $0.id == .supportedDeviceRoles }?.value == [0x03, 0x01])
        #expect(pica.parameters.first { $0.id == .supportedDeviceRoles }?.value == [0x03])
        let observer = UCICapabilitySet(parameters: [UCIParameter(.supportedDeviceRoles, [0x63])])
        #expect(observer.oneWayAoA && !observer.downlinkTDoATag)
    }
}
