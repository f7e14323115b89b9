import Testing
import UCI
import UCIService
import UWBTestSupport

/// One-to-many sessions: a controller ranges with each controlee of its list every interval and
/// reports them all in one SESSION_INFO_NTF; SESSION_UPDATE_CONTROLLER_MULTICAST_LIST changes the
/// list with the per-controlee statuses of UCI 2.0.
@Suite struct OneToManyTests {
    /// A server on alice, bob (3 m from alice) and carol (2 m to alice's side).
    private func server() throws -> UCIServer {
        let server = try UCIServer(
            emulation: try FacingPair.emulation(seed: 21, distance: 3, bystanders: ["carol"]),
            settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        return server
    }

    @Test func aControllerReportsEveryControleeOfItsListEachInterval() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        let carol = try SessionSetup.host(server)
        let bobToken = try SessionSetup(host: bob, id: 7, controller: false, own: 2, peers: [1], oneToMany: true).configure()
        let carolToken = try SessionSetup(host: carol, id: 7, controller: false, own: 3, peers: [1], oneToMany: true).configure()
        // Controlee 4 is in the list but nowhere in the room.
        let aliceToken = try SessionSetup(host: alice, id: 7, controller: true, own: 1, peers: [2, 3, 4], oneToMany: true).configure()
        try SessionSetup.start(bob, bobToken)
        try SessionSetup.start(carol, carolToken)
        try SessionSetup.start(alice, aliceToken)

        for _ in 0..<4 {
            let measurements = try #require(try alice.nextMeasurements())
            #expect(measurements.map(\.macAddress) == [2, 3, 4])
            guard measurements.count == 3 else { continue }
            #expect(measurements[0].status == .ok && (285...315).contains(measurements[0].distanceCentimetres), "bob: \(measurements[0])")
            #expect(measurements[1].status == .ok && (185...215).contains(measurements[1].distanceCentimetres), "carol: \(measurements[1])")
            #expect(measurements[2].status == .rangingRxTimeout)
        }
        let bobSide = try #require(try bob.nextMeasurements())
        #expect(bobSide.count == 1 && bobSide.first?.macAddress == 1 && bobSide.first?.status == .ok)
        let carolSide = try #require(try carol.nextMeasurement())
        #expect(carolSide.macAddress == 1 && carolSide.status == .ok)
    }

    @Test func removingAControleeOfAnActiveSessionNotifiesAndNarrowsTheReport() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        let bobToken = try SessionSetup(host: bob, id: 8, controller: false, own: 2, peers: [1], oneToMany: true).configure()
        let aliceToken = try SessionSetup(host: alice, id: 8, controller: true, own: 1, peers: [2, 4], oneToMany: true).configure()
        try SessionSetup.start(bob, bobToken)
        try SessionSetup.start(alice, aliceToken)
        #expect(try alice.nextMeasurements()?.map(\.macAddress) == [2, 4])

        // SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD: MT 1, GID 1, OID 7, length 12; token,
        // action 1 (remove), 1 controlee: address 0x0004, sub-session id 0.
        let token = littleEndian(aliceToken)
        try alice.send(octets: [0x21, 0x07, 0x00, 0x0C] + token + [0x01, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00])
        // RSP: status OK, 1 entry: address 0x0004, OK.
        let response = try #require(try alice.nextRawSkippingRanging())
        #expect(response.header == .control(type: .response, group: .sessionConfig, opcode: UCIOpcodeID(rawValue: 7)))
        #expect(response.payload == [0x00, 0x01, 0x04, 0x00, 0x00])
        // NTF (UCI 2.0): token, 1 entry: address 0x0004, OK.
        let notification = try #require(try alice.nextRawSkippingRanging())
        #expect(notification.header == .control(type: .notification, group: .sessionConfig, opcode: UCIOpcodeID(rawValue: 7)))
        #expect(notification.payload == token + [0x01, 0x04, 0x00, 0x00])
        for _ in 0..<2 {
            #expect(try alice.nextMeasurements()?.map(\.macAddress) == [2])
        }
        // Removing the last one leaves the session IDLE: ERROR_INVALID_NUM_OF_CONTROLEES.
        let last = UCIMulticastListUpdate(sessionToken: aliceToken, action: .remove, controlees: [UCIMulticastControlee(shortAddress: 2)])
        #expect(try alice.call(.updateMulticastList(last)) == .updateMulticastList(status: .ok, [UCIControleeStatus(shortAddress: 2, status: .ok)]))
        #expect(try alice.notification() == .multicastListUpdate(UCIMulticastListNotification(
            sessionToken: aliceToken, statuses: [UCIControleeStatus(shortAddress: 2, status: .ok)])))
        #expect(try alice.notification() == .sessionStatus(sessionToken: aliceToken, state: .idle, reason: .invalidNumberOfControlees))
        // Its only ACTIVE session stopped: the device is READY again.
        #expect(try alice.notification() == .deviceStatus(.ready))
        #expect(try alice.call(.sessionStart(sessionToken: aliceToken)) == .sessionStart(.sessionNotConfigured))
    }

    @Test func multicastListUpdatesGetPerControleeStatuses() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let token = try SessionSetup(host: alice, id: 9, controller: true, own: 1, peers: [2], oneToMany: true).configure()
        /// The response to an update of `addresses` (sub-session id 0).
        func update(_ action: UCIMulticastAction, _ addresses: [UInt16]) throws -> UCIResponse? {
            try alice.call(.updateMulticastList(UCIMulticastListUpdate(
                sessionToken: token, action: action, controlees: addresses.map { UCIMulticastControlee(shortAddress: $0) })))
        }
        /// UCI 2.0 controlee statuses (no sub-session id).
        func statuses(_ entries: [(UInt16, UCIMulticastUpdateStatus)]) -> [UCIControleeStatus] {
            entries.map { UCIControleeStatus(shortAddress: $0.0, status: $0.1) }
        }
        // Add 0x0003 by hand: token, action 0, 1 controlee (address, sub-session id 0); the
        // response: status OK, 1 entry (0x0003, OK).
        try alice.send(octets: [0x21, 0x07, 0x00, 0x0C] + littleEndian(token) + [0x00, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00])
        let added = try #require(try alice.nextRaw())
        #expect(added.payload == [0x00, 0x01, 0x03, 0x00, 0x00])
        // Already present (also twice in one command) → FAILED, ADDRESS_ALREADY_PRESENT.
        #expect(try update(.add, [2, 5, 5]) == .updateMulticastList(
            status: .failed, statuses([(2, .addressAlreadyPresent), (5, .ok), (5, .addressAlreadyPresent)])))
        #expect(try update(.remove, [9]) == .updateMulticastList(status: .failed, statuses([(9, .addressNotFound)])))
        // 2, 3, 5 and five more fill the list of 8; the ninth → ERROR_MULTICAST_LIST_FULL.
        #expect(try update(.add, [6, 7, 8, 9, 10]) == .updateMulticastList(status: .ok, statuses([6, 7, 8, 9, 10].map { ($0, .ok) })))
        #expect(try update(.add, [11]) == .updateMulticastList(status: .multicastListFull, statuses([(11, .listFull)])))
        #expect(try alice.call(.getAppConfig(sessionToken: token, [.numberOfControlees])) == .getAppConfig(
            status: .ok, [UCIParameter(.numberOfControlees, integer: UInt8(8))]))
        // A sub-session key with STS_CONFIG 0 (static STS): RSP FAILED, NTF SUB_SESSION_KEY_NOT_APPLICABLE.
        let keyed = UCIMulticastListUpdate(sessionToken: token, action: .addWithShortSubSessionKey, controlees: [
            UCIMulticastControlee(shortAddress: 12, subSessionID: 1, subSessionKey: [UInt8](repeating: 0xAB, count: 16)),
        ])
        #expect(try alice.call(.updateMulticastList(keyed)) == .updateMulticastList(status: .failed, []))
        #expect(try alice.notification() == .multicastListUpdate(UCIMulticastListNotification(
            sessionToken: token, statuses: statuses([(12, .subSessionKeyNotApplicable)]))))
        // Emptied while IDLE: the RSP, then SESSION_STATUS_NTF IDLE with ERROR_INVALID_NUM_OF_CONTROLEES.
        #expect(try update(.remove, [2, 3, 5, 6, 7, 8, 9, 10]) == .updateMulticastList(
            status: .ok, statuses([2, 3, 5, 6, 7, 8, 9, 10].map { ($0, .ok) })))
        #expect(try alice.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .invalidNumberOfControlees))
        // Unknown token, an action no version names, a one-to-one session, a controlee's session.
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(sessionToken: 999, action: .add, controlees: [])))
            == .updateMulticastList(status: .sessionNotExist, []))
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(sessionToken: token, action: UCIMulticastAction(rawValue: 7), controlees: [])))
            == .updateMulticastList(status: .syntaxError, []))
        let single = try SessionSetup(host: alice, id: 10, controller: true, own: 1, peers: [2]).configure()
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(sessionToken: single, action: .add, controlees: [])))
            == .updateMulticastList(status: .rejected, []))
        let controlee = try SessionSetup(host: alice, id: 11, controller: false, own: 1, peers: [2], oneToMany: true).configure()
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(sessionToken: controlee, action: .add, controlees: [])))
            == .updateMulticastList(status: .rejected, []))
        // A session still in INIT.
        guard case .sessionInit(.ok, let fresh?) = try alice.call(.sessionInit(sessionID: 13, type: .ranging)) else {
            Issue.record("SESSION_INIT failed"); return
        }
        #expect(try alice.notification() == .sessionStatus(sessionToken: fresh, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try alice.call(.updateMulticastList(UCIMulticastListUpdate(sessionToken: fresh, action: .add, controlees: [])))
            == .updateMulticastList(status: .rejected, []))
    }

    @Test func contradictoryControleeSettingsAreOutOfRange() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        guard case .sessionInit(.ok, let token?) = try alice.call(.sessionInit(sessionID: 12, type: .ranging)) else {
            Issue.record("SESSION_INIT failed"); return
        }
        #expect(try alice.notification() == .sessionStatus(sessionToken: token, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        let two: [UInt8] = [0x02, 0x00]
        // One-to-one with 3 controlees: both contradict each other, and then the 3 addresses
        // contradict the default of one controlee.
        #expect(try alice.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.multiNodeMode, integer: UInt8(0)), UCIParameter(.numberOfControlees, integer: UInt8(3)),
            UCIParameter(.destinationMacAddress, two + [0x03, 0x00, 0x04, 0x00]),
        ])) == .setAppConfig(status: .invalidParameter, [
            UCIParameterStatus(.multiNodeMode, .invalidRange), UCIParameterStatus(.numberOfControlees, .invalidRange),
            UCIParameterStatus(.destinationMacAddress, .invalidRange),
        ]))
        // Too many, none, a duplicate address, an odd length, many-to-many.
        #expect(try alice.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.multiNodeMode, integer: UInt8(1)), UCIParameter(.numberOfControlees, integer: UInt8(9)),
            UCIParameter(.destinationMacAddress, two + two), UCIParameter(.deviceMacAddress, [0x01]),
        ])) == .setAppConfig(status: .invalidParameter, [
            UCIParameterStatus(.numberOfControlees, .invalidRange), UCIParameterStatus(.destinationMacAddress, .invalidRange),
            UCIParameterStatus(.deviceMacAddress, .invalidRange),
        ]))
        #expect(try alice.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.numberOfControlees, integer: UInt8(0)), UCIParameter(.destinationMacAddress, two + [0x03]),
            UCIParameter(.multiNodeMode, integer: UInt8(2)),
        ])) == .setAppConfig(status: .invalidParameter, [
            UCIParameterStatus(.numberOfControlees, .invalidRange), UCIParameterStatus(.destinationMacAddress, .invalidRange),
            UCIParameterStatus(.multiNodeMode, .invalidRange),
        ]))
        #expect(try alice.call(.getSessionState(sessionToken: token)) == .sessionState(status: .ok, .initialized))
        // What agrees is set and makes the session IDLE.
        #expect(try alice.call(.setAppConfig(sessionToken: token, [
            UCIParameter(.deviceType, integer: UInt8(1)), UCIParameter(.deviceMacAddress, integer: UInt16(1)),
            UCIParameter(.numberOfControlees, integer: UInt8(2)), UCIParameter(.destinationMacAddress, two + [0x03, 0x00]),
        ])) == .setAppConfig(status: .ok, []))
        #expect(try alice.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .stateChangeWithSessionManagementCommands))
    }
}

/// The octets of `value`, little endian (four for a `UInt32`, eight for a `UInt64`).
func littleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) -> [UInt8] {
    (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
