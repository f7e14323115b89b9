import Testing
import UCI
import UCIService
import UWBTestSupport

/// Extended (8-octet) MAC addresses: with MAC_ADDRESS_MODE 1 or 2 a session's DEVICE_MAC_ADDRESS and
/// DST_MAC_ADDRESS are 8 octets each; SESSION_INFO_NTF then sets the MAC address indicator and names
/// the peer by its 8 octets, and data goes to and comes from the 8-octet addresses. Addresses of the
/// wrong size for the mode, an unknown mode and peers the radio could not tell apart are refused.
@Suite struct ExtendedAddressTests {
    static let alice: UInt64 = 0x0011_2233_4455_0001
    static let bob: UInt64 = 0x0066_7788_99AA_0002

    private func server() throws -> UCIServer {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 81, distance: 3), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        return server
    }

    /// A ranging-and-data session `id` on `host` with extended addresses (MAC_ADDRESS_MODE `mode`), as
    /// controller and initiator or as controlee, configured and started; its token.
    private func start(_ host: ScriptedHost, id: UInt32, controller: Bool, own: UInt64, peer: UInt64, mode: UInt8 = 2) throws -> UInt32 {
        guard case .sessionInit(.ok, let token?) = try host.call(.sessionInit(sessionID: id, type: .rangingAndInBandData)) else {
            throw ScriptError.unexpected("SESSION_INIT failed")
        }
        #expect(try host.notification() == .sessionStatus(sessionToken: token, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try host.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.deviceType, integer: UInt8(controller ? 1 : 0)), UCIParameter(.macAddressMode, integer: mode),
            UCIParameter(.deviceMacAddress, littleEndian(own)), UCIParameter(.destinationMacAddress, littleEndian(peer)),
            UCIParameter(.rangingDuration, integer: UInt32(100)),
        ])) == .setAppConfig(status: .ok, []))
        #expect(try host.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        try SessionSetup.start(host, token)
        return token
    }

    @Test("two hosts range with extended addresses: SESSION_INFO_NTF names the peer by its 8 octets; data goes both ways by them",
          arguments: [UInt8(1), 2])
    func ranging(mode: UInt8) throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        guard case .capabilities(.ok, let caps) = try alice.call(.getCapabilities) else { Issue.record("no capabilities"); return }
        #expect(caps.contains(UCIParameter(.supportedExtendedMACAddress, integer: UInt8(1))))
        let bobToken = try start(bob, id: 9, controller: false, own: Self.bob, peer: Self.alice, mode: mode)
        let aliceToken = try start(alice, id: 9, controller: true, own: Self.alice, peer: Self.bob, mode: mode)

        // SESSION_INFO_NTF: octet 15 of the payload is the MAC address indicator (1: extended), and the
        // measurement starts with the peer's 8 octets.
        var raw = try #require(try alice.nextRaw())
        while raw.header != .control(type: .notification, group: .sessionControl, opcode: UCIOpcodeID(rawValue: 0)) {
            raw = try #require(try alice.nextRaw())
        }
        #expect(raw.payload[15] == 1)
        #expect(Array(raw.payload[25..<33]) == littleEndian(Self.bob))
        let measurement = try #require(try alice.nextMeasurement())
        #expect(measurement.macAddress == Self.bob && measurement.status == .ok)
        #expect((290...310).contains(measurement.distanceCentimetres), "\(measurement.distanceCentimetres) cm")

        // DATA_MESSAGE_SND to Bob's 8 octets; Bob receives it from Alice's.
        let hello = Array("hello".utf8)
        let payload = littleEndian(aliceToken) + littleEndian(Self.bob) + [0x01, 0x00, UInt8(hello.count), 0x00] + hello
        try alice.send(octets: [0x01, 0x00, UInt8(payload.count), 0x00] + payload)
        var received = try #require(try bob.nextRawSkippingRanging())
        while received.header != .data(.dataReceive) {
            received = try #require(try bob.nextRawSkippingRanging())
        }
        #expect(received.payload == littleEndian(bobToken) + [0x00] + littleEndian(Self.alice) + [0x01, 0x00, UInt8(hello.count), 0x00] + hello)
    }

    @Test("wrong sizes for the mode, an unknown mode and peers the radio cannot tell apart are INVALID_RANGE; a multicast update is REJECTED")
    func refusals() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        guard case .sessionInit(.ok, let token?) = try alice.call(.sessionInit(sessionID: 3, type: .ranging)) else {
            Issue.record("SESSION_INIT failed"); return
        }
        _ = try alice.notification()
        // An 8-octet address where short ones are configured (MAC_ADDRESS_MODE 0 by default).
        #expect(try alice.call(.setAppConfig(sessionToken: token, [UCIParameter(.deviceMacAddress, littleEndian(Self.alice))]))
            == .setAppConfig(status: .invalidParameter, [UCIParameterStatus(.deviceMacAddress, .invalidRange)]))
        // A mode the specification does not name.
        #expect(try alice.call(.setAppConfig(sessionToken: token, [UCIParameter(.macAddressMode, integer: UInt8(3))]))
            == .setAppConfig(status: .invalidParameter, [UCIParameterStatus(.macAddressMode, .invalidRange)]))
        // Two extended peers whose two low octets (what the frames carry) are alike.
        let twins = littleEndian(UInt64(0x0000_0000_0001_0005)) + littleEndian(UInt64(0x0000_0000_0002_0005))
        #expect(try alice.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.macAddressMode, integer: UInt8(2)), UCIParameter(.multiNodeMode, integer: UInt8(1)),
            UCIParameter(.numberOfControlees, integer: UInt8(2)), UCIParameter(.destinationMacAddress, twins),
        ])) == .setAppConfig(status: .invalidParameter, [UCIParameterStatus(.destinationMacAddress, .invalidRange)]))
        // A one-to-many controller with extended addresses: the multicast list names short addresses only.
        #expect(try alice.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.deviceType, integer: UInt8(1)), UCIParameter(.deviceMacAddress, littleEndian(Self.alice)),
            UCIParameter(.destinationMacAddress, littleEndian(Self.bob) + littleEndian(UInt64(0x0000_0000_0003_0003))),
        ])) == .setAppConfig(status: .ok, []))
        #expect(try alice.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(
            sessionToken: token, action: .add, controlees: [UCIMulticastControlee(shortAddress: 4)]))) == .updateMulticastList(status: .rejected, []))
        // The server keeps serving.
        #expect(try alice.call(.getSessionCount) == .sessionCount(status: .ok, count: 1))
    }
}
