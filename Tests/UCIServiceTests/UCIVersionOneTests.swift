import Testing
import UCI
import UCIService
import UWBTestSupport

/// A server set to UCI 1.1 serves 1.x hosts: GET_DEVICE_INFO says 1.1, SESSION_INIT_RSP has
/// only a status, the session id is every session message's token, multicast list updates use
/// the 1.x layouts, and data is refused.
@Suite struct UCIVersionOneTests {
    private func server() throws -> UCIServer {
        let server = try UCIServer(
            emulation: try FacingPair.emulation(seed: 61, distance: 3),
            settings: UCIServerSettings(port: 0, speed: 0, uciVersion: UCIVersion(major: 1, minor: 1)))
        server.start()
        return server
    }

    @Test func sessionsAreNamedByTheirIdAndRange() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server, version: .v1)
        let bob = try SessionSetup.host(server, version: .v1)
        // CORE_GET_DEVICE_INFO_RSP: status, UCI 1.1 (0x01, 0x10), MAC 1.3, PHY 1.3, test 1.1,
        // vendor info length 9, "swift-uwb".
        try alice.send(.getDeviceInfo)
        #expect(try alice.nextRaw()?.payload == [0x00, 0x01, 0x10, 0x01, 0x30, 0x01, 0x30, 0x01, 0x10, 0x09] + Array("swift-uwb".utf8))
        // SESSION_INIT_CMD id 0x0A0B0C0D, type 0; SESSION_INIT_RSP: status only; then
        // SESSION_STATUS_NTF: id, state 0 (INIT), reason 0.
        let id: UInt32 = 0x0A0B_0C0D
        try alice.send(.sessionInit(sessionID: id, type: .ranging))
        #expect(try alice.nextRaw()?.payload == [0x00])
        #expect(try alice.nextRaw()?.payload == [0x0D, 0x0C, 0x0B, 0x0A, 0x00, 0x00])
        try alice.send(.sessionInit(sessionID: id, type: .ranging))
        #expect(try alice.nextRaw()?.payload == [0x12])
        #expect(try alice.call(.setAppConfig(sessionToken: id, SessionSetup(host: alice, id: id, controller: true, own: 1, peers: [2]).parameters))
            == .setAppConfig(status: .ok, []))
        #expect(try alice.notification() == .sessionStatus(sessionToken: id, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        let bobToken = try SessionSetup(host: bob, id: id, controller: false, own: 2, peers: [1]).configure()
        #expect(bobToken == id)
        try SessionSetup.start(bob, id)
        try SessionSetup.start(alice, id)
        for _ in 0..<3 {
            guard case .notification(.sessionInfo(let info))? = try alice.next(), case .twoWay(let measurements, _) = info.measurements else {
                continue
            }
            #expect(info.sessionToken == id)
            // The RSSI octet is RFU in UCI 1.x.
            #expect(measurements.first?.status == .ok && measurements.first?.rssi == 0)
        }
    }

    @Test func multicastUpdatesAndDataUseTheOneDotXRules() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server, version: .v1)
        let id: UInt32 = 0x0000_0102
        _ = try SessionSetup(host: alice, id: id, controller: true, own: 1, peers: [2], oneToMany: true).configure()
        // Add 0x0003 with sub-session id 0x01020304: RSP status only; NTF: session id, remaining
        // list size 6 (of 8), 1 entry: address 0x0003, sub-session id, status 0.
        try alice.send(octets: [0x21, 0x07, 0x00, 0x0C, 0x02, 0x01, 0x00, 0x00, 0x00, 0x01, 0x03, 0x00, 0x04, 0x03, 0x02, 0x01])
        #expect(try alice.nextRaw()?.payload == [0x00])
        let notification = try #require(try alice.nextRaw())
        #expect(notification.header == .control(type: .notification, group: .sessionConfig, opcode: UCIOpcodeID(rawValue: 7)))
        #expect(notification.payload == [0x02, 0x01, 0x00, 0x00, 0x06, 0x01, 0x03, 0x00, 0x04, 0x03, 0x02, 0x01, 0x00])
        // A duplicate: RSP FAILED, the NTF says why.
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(
            sessionToken: id, action: .add, controlees: [UCIMulticastControlee(shortAddress: 3, subSessionID: 9)]))) == .updateMulticastList(status: .failed, []))
        #expect(try alice.notification() == .multicastListUpdate(UCIMulticastListNotification(
            sessionToken: id, remainingListSize: 6, statuses: [UCIControleeStatus(shortAddress: 3, subSessionID: 9, status: .addressAlreadyPresent)])))
        // The 2.0 key actions are not 1.x actions.
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(
            sessionToken: id, action: .addWithShortSubSessionKey, controlees: []))) == .updateMulticastList(status: .syntaxError, []))

        // A data packet → GENERIC_ERROR_NTF REJECTED; a DATA_CONTROL command (GID 3, OID 0) → REJECTED.
        try alice.send(octets: [0x01, 0x00, 0x11, 0x00, 0x02, 0x01, 0x00, 0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x00, 0x01, 0x00, 0xAA])
        #expect(try alice.nextRaw()?.payload == [0x01])
        #expect(try alice.call(.unknown(group: .dataControl, opcode: UCIOpcodeID(rawValue: 0), payload: []))
            == .unknown(group: .dataControl, opcode: UCIOpcodeID(rawValue: 0), payload: [0x01]))
    }
}
