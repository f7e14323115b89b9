import Testing
import UCI
import UCIService
import UWBTestSupport

/// Several ACTIVE sessions of one host share its device's radio, each with its own
/// notifications.
@Suite struct SeveralSessionsTests {
    @Test func twoSessionsOfOneHostRangeAtOnce() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 51, distance: 3), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        // Session 1: alice initiates as 0x0001 with bob's 0x0002. Session 2: bob initiates as
        // 0x0022 with alice's 0x0011, at another interval.
        let bobFirst = try SessionSetup(host: bob, id: 1, controller: false, own: 2, peers: [1]).configure()
        let bobSecond = try SessionSetup(host: bob, id: 2, controller: true, own: 0x22, peers: [0x11], interval: 150).configure()
        let aliceFirst = try SessionSetup(host: alice, id: 1, controller: true, own: 1, peers: [2]).configure()
        let aliceSecond = try SessionSetup(host: alice, id: 2, controller: false, own: 0x11, peers: [0x22], interval: 150).configure()
        try SessionSetup.start(bob, bobFirst)
        try SessionSetup.start(alice, aliceFirst)
        try SessionSetup.start(alice, aliceSecond, first: false)
        try SessionSetup.start(bob, bobSecond, first: false)

        var good: [UInt32: Int] = [:]
        var reports = 0
        while good[aliceFirst, default: 0] < 3 || good[aliceSecond, default: 0] < 3, reports < 40 {
            guard case .notification(.sessionInfo(let info))? = try alice.next() else { continue }
            reports += 1
            guard case .twoWay(let measurements, _) = info.measurements, let measurement = measurements.first else { continue }
            #expect(measurement.macAddress == (info.sessionToken == aliceFirst ? 2 : 0x22))
            if measurement.status == .ok, (285...315).contains(measurement.distanceCentimetres) {
                good[info.sessionToken, default: 0] += 1
            }
        }
        #expect(good[aliceFirst, default: 0] >= 3 && good[aliceSecond, default: 0] >= 3, "good rounds per session: \(good)")
        #expect(try alice.call(.getConfig([.deviceState])) == .getConfig(status: .ok, [UCIParameter(.deviceState, integer: UCIDeviceState.active.rawValue)]))
        // Stopping one leaves the other ranging.
        #expect(try alice.call(.sessionStop(sessionToken: aliceFirst)) == .sessionStop(.ok))
        #expect(try alice.notification() == .sessionStatus(sessionToken: aliceFirst, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        for _ in 0..<3 {
            guard case .notification(.sessionInfo(let info))? = try alice.next() else { continue }
            #expect(info.sessionToken == aliceSecond)
        }
        // The device stays ACTIVE until its last ACTIVE session stops.
        #expect(try alice.call(.sessionStop(sessionToken: aliceSecond)) == .sessionStop(.ok))
        #expect(try alice.notification() == .sessionStatus(sessionToken: aliceSecond, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        #expect(try alice.notification() == .deviceStatus(.ready))
    }

    @Test func aSessionWhoseLinkWouldBeNamedLikeAnActiveOnesIsRejected() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 52), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        // The engine names a link id XOR (controlee × 0x9E3779B1) XOR the hash of its STS
        // (Docs/uci.md, "Ranging"): with a dynamic STS (STS_CONFIG 1), whose material is the same
        // for every session, session 1 with controlee 2 and this session with controlee 3 make the
        // same engine session.
        let spread: UInt32 = 0x9E37_79B1
        let clashing = 1 ^ (2 &* spread) ^ (3 &* spread)
        let dynamic = [UCIParameter<UCIAppConfigID>(.stsConfig, integer: UInt8(1))]
        let first = try SessionSetup(host: alice, id: 1, controller: true, own: 1, peers: [2], more: dynamic).configure()
        let second = try SessionSetup(host: alice, id: clashing, controller: true, own: 1, peers: [3], more: dynamic).configure()
        let third = try SessionSetup(host: alice, id: 3, controller: true, own: 1, peers: [3]).configure()
        try SessionSetup.start(alice, first)
        #expect(try alice.call(.sessionStart(sessionToken: second)) == .sessionStart(.rejected))
        try SessionSetup.start(alice, third, first: false)
        #expect(try alice.call(.getSessionState(sessionToken: second)) == .sessionState(status: .ok, .idle))
    }
}
