import Testing
import UCI
import UCIService
import UWBTestSupport

/// CORE_DEVICE_STATUS_NTF as the UCI generic specification has the UWBS send it on every change of
/// its state: READY when a host connects and after a reset, ACTIVE once one of its sessions is
/// ACTIVE (after that session's own SESSION_STATUS_NTF), READY again once none is, in UCI 1.1 and
/// 2.0 alike; and the `--no-session-handles` dialect google/pica's own scripts expect. The octets are
/// read as they arrive: MT 3 (notification), GID 0 (CORE), OID 1 (DEVICE_STATUS), one octet of
/// state (1 READY, 2 ACTIVE).
@Suite struct DeviceStateTests {
    /// The octets of CORE_DEVICE_STATUS_NTF `state`.
    private static func deviceStatus(_ state: UInt8) -> [UInt8] { [0x60, 0x01, 0x00, 0x01, state] }
    /// The octets of SESSION_STATUS_NTF: token (4, little endian), state, reason 0 (a session management command).
    private static func sessionStatus(_ token: UInt32, _ state: UInt8) -> [UInt8] {
        [0x61, 0x02, 0x00, 0x06] + littleEndian(token) + [state, 0x00]
    }

    private func server(_ settings: UCIServerSettings) throws -> UCIServer {
        var settings = settings
        settings.port = 0
        settings.speed = 0
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 71, distance: 3), settings: settings)
        server.start()
        return server
    }

    /// The next message's octets as they came (one packet each here), ranging notifications skipped.
    private func nextOctets(_ host: ScriptedHost) throws -> [UInt8]? {
        try host.nextRawSkippingRanging().map { raw in try raw.encoded() }
    }

    @Test(arguments: [(UCIVersion(major: 1, minor: 1), UCIProtocolRevision.v1), (UCIServiceConstants.uciVersion, .v2)])
    func theDeviceIsActiveWhileASessionIs(version: UCIVersion, layouts: UCIProtocolRevision) throws {
        let server = try server(UCIServerSettings(uciVersion: version))
        defer { server.stop() }
        let alice = try ScriptedHost(port: server.port, version: layouts)
        #expect(try nextOctets(alice) == Self.deviceStatus(1))
        let bob = try SessionSetup.host(server, version: layouts)
        let first = try SessionSetup(host: alice, id: 7, controller: true, own: 1, peers: [2]).configure()
        let second = try SessionSetup(host: alice, id: 8, controller: true, own: 1, peers: [3]).configure()
        _ = try SessionSetup(host: bob, id: 7, controller: false, own: 2, peers: [1]).configure()

        // START: SESSION_START_RSP OK, SESSION_STATUS_NTF ACTIVE (2), then the device ACTIVE.
        try alice.send(.sessionStart(sessionToken: first))
        #expect(try nextOctets(alice) == [0x42, 0x00, 0x00, 0x01, 0x00])
        #expect(try nextOctets(alice) == Self.sessionStatus(first, 0x02))
        #expect(try nextOctets(alice) == Self.deviceStatus(2))
        // A second ACTIVE session changes nothing of the device's.
        try SessionSetup.start(alice, second, first: false)
        #expect(try alice.call(.getConfig([.deviceState])) == .getConfig(status: .ok, [UCIParameter(.deviceState, integer: UInt8(2))]))
        // STOP of one: IDLE (3), no device change; DEINIT of the other while ACTIVE: DEINIT (1), then READY.
        try alice.send(.sessionStop(sessionToken: first))
        #expect(try nextOctets(alice) == [0x42, 0x01, 0x00, 0x01, 0x00])
        #expect(try nextOctets(alice) == Self.sessionStatus(first, 0x03))
        try alice.send(.sessionDeinit(sessionToken: second))
        #expect(try nextOctets(alice) == [0x41, 0x01, 0x00, 0x01, 0x00])
        #expect(try nextOctets(alice) == Self.sessionStatus(second, 0x01))
        #expect(try nextOctets(alice) == Self.deviceStatus(1))
        // START again, then a reset: DEVICE_RESET_RSP, then READY once (its sessions are gone).
        try SessionSetup.start(alice, first)
        try alice.send(.deviceReset(resetConfig: 0))
        #expect(try nextOctets(alice) == [0x40, 0x00, 0x00, 0x01, 0x00])
        #expect(try nextOctets(alice) == Self.deviceStatus(1))
        #expect(try alice.call(.getSessionCount) == .sessionCount(status: .ok, count: 0))
        // Bob's device never had an ACTIVE session: it was told nothing more than READY.
        #expect(try bob.call(.getConfig([.deviceState])) == .getConfig(status: .ok, [UCIParameter(.deviceState, integer: UInt8(1))]))
    }

    @Test("commands out of place while the device is ACTIVE get the statuses the specification gives, change no state, and the host is still served",
          arguments: [UCIProtocolRevision.v1, .v2])
    func commandsOutOfPlaceWhileActive(layouts: UCIProtocolRevision) throws {
        let server = try server(UCIServerSettings(uciVersion: layouts == .v1 ? UCIVersion(major: 1, minor: 1) : UCIServiceConstants.uciVersion))
        defer { server.stop() }
        let alice = try SessionSetup.host(server, version: layouts)
        let bob = try SessionSetup.host(server, version: layouts)
        let setup = SessionSetup(host: alice, id: 7, controller: true, own: 1, peers: [2])
        let token = try setup.configure()
        try SessionSetup.start(bob, try SessionSetup(host: bob, id: 7, controller: false, own: 2, peers: [1]).configure())
        try SessionSetup.start(alice, token)
        // START of the ACTIVE session: SESSION_ACTIVE; its configuration cannot change while it
        // ranges: SESSION_ACTIVE; its id again: SESSION_DUPLICATE; the device's state is read-only.
        #expect(try alice.call(.sessionStart(sessionToken: token)) == .sessionStart(.sessionActive))
        #expect(try alice.call(.setAppConfig(sessionToken: token, setup.parameters)) == .setAppConfig(status: .sessionActive, []))
        guard case .sessionInit(.sessionDuplicate, _) = try alice.call(.sessionInit(sessionID: 7, type: .ranging)) else {
            Issue.record("a second SESSION_INIT of an ACTIVE session's id was not SESSION_DUPLICATE"); return
        }
        #expect(try alice.call(.setConfig([UCIParameter(.deviceState, [1])])) == .setConfig(status: .invalidParameter, [UCIParameterStatus(.deviceState, .readOnly)]))
        // None of that changed a state: the session still ranges and the device is still ACTIVE.
        #expect(try alice.call(.getSessionState(sessionToken: token)) == .sessionState(status: .ok, .active))
        #expect(try alice.call(.getConfig([.deviceState])) == .getConfig(status: .ok, [UCIParameter(.deviceState, integer: UInt8(2))]))
        let measurement = try #require(try alice.nextMeasurement())
        #expect(measurement.status == .ok && (290...310).contains(measurement.distanceCentimetres))
        // STOP: IDLE, then READY; a second STOP of the IDLE session: REJECTED, and no second READY.
        try alice.send(.sessionStop(sessionToken: token))
        #expect(try alice.nextSkippingRanging() == .response(.sessionStop(.ok)))
        #expect(try alice.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        #expect(try alice.notification() == .deviceStatus(.ready))
        try alice.send(.sessionStop(sessionToken: token))
        #expect(try alice.nextSkippingRanging() == .response(.sessionStop(.rejected)))
        guard case .deviceInfo(let info) = try alice.call(.getDeviceInfo) else { Issue.record("no device info"); return }
        #expect(info.status == .ok)
    }

    @Test func withoutSessionHandlesTheIdIsTheTokenAsPicaHasIt() throws {
        let server = try server(UCIServerSettings(sessionHandles: false))
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        // GET_DEVICE_INFO still says UCI 2.0 (0x02, 0x00).
        try alice.send(.getDeviceInfo)
        #expect(try alice.nextRaw()?.payload.prefix(3) == [0x00, 0x02, 0x00])
        // SESSION_INIT_RSP: the status alone; SESSION_STATUS_NTF names the session by its id.
        try alice.send(.sessionInit(sessionID: 0, type: .ranging))
        #expect(try nextOctets(alice) == [0x41, 0x00, 0x00, 0x01, 0x00])
        #expect(try nextOctets(alice) == Self.sessionStatus(0, 0x00))
        #expect(try alice.call(.setAppConfig(sessionToken: 0, SessionSetup(host: alice, id: 0, controller: true, own: 1, peers: [2]).parameters))
            == .setAppConfig(status: .ok, []))
        #expect(try alice.notification() == .sessionStatus(sessionToken: 0, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        #expect(try SessionSetup(host: bob, id: 0, controller: false, own: 2, peers: [1]).configure() == 0)
        try SessionSetup.start(bob, 0)
        try SessionSetup.start(alice, 0)
        // SESSION_INFO_NTF in UCI 2.0's layout, token 0, with the RSSI 2.0 reports.
        let measurement = try #require(try alice.nextMeasurement())
        #expect(measurement.status == .ok && (290...310).contains(measurement.distanceCentimetres))
        #expect(measurement.rssi != 0)
    }
}
