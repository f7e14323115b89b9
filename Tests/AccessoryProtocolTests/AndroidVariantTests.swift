import AccessoryProtocol
import Testing
import UCI

/// The Android variant of the accessory protocol: initialise 0xA5, the accessory's 18-octet
/// answer, the phone's 14-octet configure-and-start. No capture of a real exchange is published:
/// the vectors are built field by field from the layouts NXP's firmware serialises and the
/// Android sample apps parse (`Docs/reference/accessory-protocol.md` §6).
@Suite("The Android variant: its two structures, and the accessory's conversation with an Android phone")
struct AndroidVariantTests {
    /// An NXP SR150 accessory's answer: spec 1.0, chip id 00 01 (SR150), firmware 4.33, middleware
    /// 4.6.0, configuration ids 1–3 (0x0000000E), both roles, address octets 3A 5C.
    static let accessoryData: [UInt8] = [0x01, 0x00, 0x00, 0x00, 0x00, 0x01, 0x04, 0x21, 0x04, 0x06, 0x00, 0x00, 0x00, 0x00, 0x0E, 0x03, 0x3A, 0x5C]
    /// A phone's data: spec 1.0, session 0x12345678 (big endian), preamble 10, channel 9,
    /// configuration 1, the accessory as controller, the phone at octets AB CD.
    static let phoneData: [UInt8] = [0x01, 0x00, 0x00, 0x00, 0x12, 0x34, 0x56, 0x78, 0x0A, 0x09, 0x01, 0x01, 0xAB, 0xCD]

    @Test("the accessory's 18 octets read field by field, the configuration-id mask big endian, and write back the same")
    func accessoryConfigurationData() throws {
        let data = try AndroidAccessoryConfigurationData(octets: Self.accessoryData)
        #expect(data.chipID == [0x00, 0x01])
        #expect(data.chipFirmwareVersion == [0x04, 0x21] && data.middlewareVersion == [0x04, 0x06, 0x00])
        #expect(data.supportedConfigurationIDs == 0x0E && data.supportedRoles == 0x03)
        // The address's octets go to UCI's DEVICE_MAC_ADDRESS as they are: 3A 5C is 0x5C3A little endian.
        #expect(data.macAddress == 0x5C3A)
        #expect(try data.encoded() == Self.accessoryData)
        #expect(throws: AccessoryProtocolError.truncated(structure: "Android accessory configuration data", needed: 18, present: 17)) {
            try AndroidAccessoryConfigurationData(octets: Array(Self.accessoryData.dropLast()))
        }
        #expect(throws: AccessoryProtocolError.overlong(structure: "Android accessory configuration data", expected: 18, present: 19)) {
            try AndroidAccessoryConfigurationData(octets: Self.accessoryData + [0])
        }
    }

    @Test("the phone's 14 octets read field by field, the session id big endian, and write back the same")
    func phoneConfigurationData() throws {
        let data = try AndroidPhoneConfigurationData(octets: Self.phoneData)
        #expect(data.sessionID == 0x1234_5678)
        #expect(data.preambleCodeIndex == 10 && data.channel == 9 && data.configurationID == 1)
        #expect(data.accessoryRole == .controller && data.accessoryRole.accessoryInitiates == true)
        #expect(data.phoneAddress == 0xCDAB)
        #expect(try data.encoded() == Self.phoneData)
        #expect(throws: AccessoryProtocolError.self) { try AndroidPhoneConfigurationData(octets: Array(Self.phoneData.prefix(13))) }
        #expect(throws: AccessoryProtocolError.self) { try AndroidPhoneConfigurationData(octets: Self.phoneData + [0, 0]) }
    }

    @Test("the FiRa session of CONFIG_UNICAST_DS_TWR: 240 ms, 6 slots of 2400 RSTU, static STS with VENDOR_ID 08 07 and IV 01…06; other configurations and roles are refused")
    func session() throws {
        let data = try AndroidPhoneConfigurationData(octets: Self.phoneData)
        let accessory = try AccessoryFiRaSession(android: data, side: .accessory, accessoryAddress: 0x5C3A)
        #expect(accessory.isController && accessory.sessionID == 0x1234_5678)
        let parameters = Dictionary(accessory.parameters.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(parameters[.rangingDuration] == [0xF0, 0x00, 0x00, 0x00])
        #expect(parameters[.slotDuration] == [0x60, 0x09] && parameters[.slotsPerRangingRound] == [6])
        #expect(parameters[.vendorID] == [0x08, 0x07] && parameters[.staticSTSIV] == [1, 2, 3, 4, 5, 6])
        #expect(parameters[.destinationMacAddress] == [0xAB, 0xCD] && parameters[.deviceMacAddress] == [0x3A, 0x5C])
        #expect(parameters[.preambleCodeIndex] == [10] && parameters[.channelNumber] == [9])
        let phone = try AccessoryFiRaSession(android: data, side: .phone, accessoryAddress: 0x5C3A)
        #expect(!phone.isController)
        // Both sides derive the same STS.
        #expect(try accessory.keySchedule() == phone.keySchedule())

        var controlee = data
        controlee.accessoryRole = .controlee
        #expect(try !AccessoryFiRaSession(android: controlee, side: .accessory, accessoryAddress: 0x5C3A).isController)
        var other = data
        other.configurationID = 2
        #expect(throws: AccessoryProtocolError.self) { try AccessoryFiRaSession(android: other, side: .accessory, accessoryAddress: 0x5C3A) }
        other = data
        other.accessoryRole = AndroidPhoneConfigurationData.AccessoryRole(rawValue: 3)
        #expect(throws: AccessoryProtocolError.self) { try AccessoryFiRaSession(android: other, side: .accessory, accessoryAddress: 0x5C3A) }
    }

    @Test("after 0xA5 the accessory answers with its Android data and reads configure-and-start as the phone's 14 octets; after 0x0A, as shareable data")
    func conversation() throws {
        var conversation = AccessoryConversation(uwb: AccessoryConversationTests.block)
        guard case .reply(let replies) = try conversation.receive(.initializeAndroid), case .configurationData(let octets)? = replies.first else {
            Issue.record("no configuration data for the Android phone"); return
        }
        let android = try AndroidAccessoryConfigurationData(octets: octets)
        #expect(android.macAddress == 0xD711 && android.supportedConfigurationIDs == 1 << 1 && android.supportedRoles == 0b11)
        #expect(conversation.platform == .android)
        let expected = try AccessoryFiRaSession(android: try AndroidPhoneConfigurationData(octets: Self.phoneData), side: .accessory, accessoryAddress: 0xD711)
        #expect(try conversation.receive(.configureAndStart(Self.phoneData)) == .start(expected))
        #expect(conversation.radioStarted() == [.didStart])
        #expect(try conversation.receive(.stop) == .stop(then: [.didStop]))
        // The 14 octets are no shareable data once an iPhone initialised.
        _ = try conversation.receive(.initialize)
        #expect(throws: AccessoryProtocolError.self) { try conversation.receive(.configureAndStart(Self.phoneData)) }
        #expect(conversation.state == .idle)
    }
}
