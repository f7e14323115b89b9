import AccessoryProtocol
import Testing

/// The accessory's side of the protocol as the phone drives it, with the published data.
@Suite("The accessory's conversation: initialise, configure and start, stop")
struct AccessoryConversationTests {
    /// The DWM3001CDK's UWB block (Qorvo's forum, thread 21738).
    static let block = AccessoryUWBConfiguration(
        manufacturerID: 0x0003_F53F, modelID: 3000, middlewareMajorVersion: 0, middlewareMinorVersion: 0x0101, rangingRole: 1,
        macAddress: 0xD711, clockDrift: 0x19)
    /// NXP's version 1.1 shareable configuration data example.
    static let shareable: [UInt8] = [
        0x01, 0x00, 0x01, 0x00, 0x19, 0x55, 0x53, 0x28, 0x8C, 0x00, 0x00, 0x0B, 0x09, 0x06, 0x00, 0x10, 0x0E, 0xB4, 0x00, 0x03,
        0xCD, 0x26, 0xC4, 0x07, 0x77, 0xD6, 0x1D, 0x72, 0x64, 0x00,
    ]

    @Test("initialise gets the configuration data the DWM3001CDK sent; configure and start, started, stop and stopped follow")
    func wholeConversation() throws {
        var conversation = AccessoryConversation(uwb: Self.block)
        // Message 0x01 with the configuration data, octet for octet the published reply.
        let reply: [UInt8] = [0x01, 0x01, 0x00, 0x00, 0x00, 0x14] + [UInt8](repeating: 0, count: 10)
            + [0x15, 0x01, 0x00, 0x01, 0x00, 0x3F, 0xF5, 0x03, 0x00, 0xB8, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x11, 0xD7, 0x19, 0x00]
        #expect(try conversation.receive(.initialize) == .reply([try AccessoryMessage(octets: reply)]))
        let expected = try AccessoryFiRaSession(try ShareableConfigurationData(octets: Self.shareable), side: .accessory, accessoryAddress: 0xD711)
        #expect(try conversation.receive(.configureAndStart(Self.shareable)) == .start(expected))
        #expect(conversation.state == .starting)
        #expect(conversation.radioStarted() == [.didStart])
        #expect(conversation.state == .ranging)
        #expect(throws: AccessoryProtocolError.self) { try conversation.receive(.configureAndStart(Self.shareable)) }
        #expect(try conversation.receive(.stop) == .stop(then: [.didStop]))
        #expect(conversation.state == .idle)
        #expect(try conversation.receive(.stop) == .reply([.didStop]))
        #expect(conversation.radioStarted() == [])
    }

    @Test("bad shareable data and an accessory's own messages are refused, saying why")
    func refusals() {
        var conversation = AccessoryConversation(uwb: Self.block)
        #expect(throws: AccessoryProtocolError.truncated(structure: "shareable configuration data", needed: 30, present: 29)) {
            try conversation.receive(.configureAndStart(Array(Self.shareable.dropLast())))
        }
        #expect(conversation.state == .idle)
        #expect(throws: AccessoryProtocolError.self) { try conversation.receive(.didStart) }
        #expect(AccessoryProtocolError.notSupported("configuration id 2").description.contains("not supported"))
    }
}
