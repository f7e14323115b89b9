import Testing
import UCI
import UCIService
import UWBTestSupport

/// Hosts come and go: each connection takes a free device, one past the room's devices is told
/// ERROR and closed, and a host that disconnects mid-session frees its device and its sessions.
@Suite struct DisconnectTests {
    @Test func aHostThatDisconnectsMidSessionFreesItsDevice() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 5), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let first = try ScriptedHost(port: server.port)
        #expect(try first.notification() == .deviceStatus(.ready))
        guard case .sessionInit(.ok, let handle?) = try first.call(.sessionInit(sessionID: 1, type: .ranging)) else {
            Issue.record("SESSION_INIT failed"); return
        }
        #expect(try first.notification() == .sessionStatus(sessionToken: handle, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try first.call(.setAppConfig(sessionToken: handle, [
            UCIParameter(.deviceType, integer: UInt8(1)), UCIParameter(.deviceMacAddress, integer: UInt16(1)),
            UCIParameter(.destinationMacAddress, integer: UInt16(2)),
        ])) == .setAppConfig(status: .ok, []))
        #expect(try first.notification() == .sessionStatus(sessionToken: handle, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        #expect(try first.call(.sessionStart(sessionToken: handle)) == .sessionStart(.ok))
        // Nobody answers: the initiator's rounds time out.
        #expect(try first.nextMeasurement()?.status == .rangingRxTimeout)

        let second = try ScriptedHost(port: server.port)
        #expect(try second.notification() == .deviceStatus(.ready))
        let third = try ScriptedHost(port: server.port)
        #expect(try third.notification() == .deviceStatus(.error))
        #expect(try third.next() == nil)

        first.close()
        // The device comes back once the server has seen the first host go.
        var again: ScriptedHost?
        while again == nil {
            let host = try ScriptedHost(port: server.port)
            if try host.notification() == .deviceStatus(.ready) { again = host }
        }
        let host = try #require(again)
        #expect(try host.call(.getSessionCount) == .sessionCount(status: .ok, count: 0))
        #expect(try second.call(.getSessionCount) == .sessionCount(status: .ok, count: 0))
    }
}
