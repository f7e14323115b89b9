import Testing
import UCI
import UCIService
import UWBTestSupport

/// Malformed and out-of-place input is answered with the status the specification gives, and
/// the server keeps serving the connection.
@Suite struct BadInputTests {
    private func connectedHost() throws -> (UCIServer, ScriptedHost) {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 3), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        let host = try ScriptedHost(port: server.port)
        #expect(try host.notification() == .deviceStatus(.ready))
        return (server, host)
    }

    @Test func unknownGroupsAndOpcodesGetUnknownStatuses() throws {
        let (server, host) = try connectedHost()
        defer { server.stop() }
        // Command, GID 5 (unassigned), OID 0; then CORE OID 0x3F.
        #expect(try host.call(.unknown(group: UCIGroupID(rawValue: 5), opcode: UCIOpcodeID(rawValue: 0), payload: []))
            == .unknown(group: UCIGroupID(rawValue: 5), opcode: UCIOpcodeID(rawValue: 0), payload: [UCIStatus.unknownGID.rawValue]))
        #expect(try host.call(.unknown(group: .core, opcode: UCIOpcodeID(rawValue: 0x3F), payload: []))
            == .unknown(group: .core, opcode: UCIOpcodeID(rawValue: 0x3F), payload: [UCIStatus.unknownOID.rawValue]))
        #expect(try host.call(.getSessionCount) == .sessionCount(status: .ok, count: 0))
    }

    @Test func wrongLengthsAndBadSegmentsAreAnsweredAndTheConnectionKept() throws {
        let (server, host) = try connectedHost()
        defer { server.stop() }
        // SESSION_INIT_CMD (MT 1, GID 1, OID 0) with 3 payload octets instead of 5.
        try host.send(octets: [0x21, 0x00, 0x00, 0x03, 0x01, 0x02, 0x03])
        guard case .response(let response) = try host.next() else { Issue.record("no response"); return }
        #expect(response.status == .invalidMessageSize)
        // A segment of CORE_GET_DEVICE_INFO (PBF 1), then a whole SESSION_GET_COUNT_CMD: the
        // partial message is dropped with GENERIC_ERROR_NTF, the second command answered.
        try host.send(octets: [0x30, 0x02, 0x00, 0x01, 0xAA, 0x21, 0x05, 0x00, 0x00])
        #expect(try host.notification() == .genericError(.syntaxError))
        guard case .response(let count) = try host.next() else { Issue.record("no response"); return }
        #expect(count == .sessionCount(status: .ok, count: 0))
        // A notification sent to the UWBS is not a command.
        try host.send(octets: [0x60, 0x01, 0x00, 0x01, 0x01])
        #expect(try host.notification() == .genericError(.syntaxError))
        guard case .deviceInfo(let info) = try host.call(.getDeviceInfo) else { Issue.record("no device info"); return }
        #expect(info.status == .ok)
    }

    @Test func commandsInTheWrongStateGetTheSessionStatuses() throws {
        let (server, host) = try connectedHost()
        defer { server.stop() }
        #expect(try host.call(.sessionStart(sessionToken: 99)) == .sessionStart(.sessionNotExist))
        #expect(try host.call(.sessionStop(sessionToken: 99)) == .sessionStop(.sessionNotExist))
        #expect(try host.call(.getSessionState(sessionToken: 99)) == .sessionState(status: .sessionNotExist, .deinitialized))
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: 7, type: .ranging)) else {
            Issue.record("SESSION_INIT failed"); return
        }
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try host.call(.sessionInit(sessionID: 7, type: .ranging)) == .sessionInit(status: .sessionDuplicate, sessionHandle: handle))
        #expect(try host.call(.sessionStart(sessionToken: handle)) == .sessionStart(.sessionNotConfigured))
        #expect(try host.call(.sessionStop(sessionToken: handle)) == .sessionStop(.rejected))
        // An id the specification does not name, a channel the DW1000 board does not have, a
        // RANGING_DURATION of the wrong size; DEVICE_TYPE alone is set, the session stays INIT.
        let answer = try host.call(.setAppConfig(sessionToken: handle, [
            UCIParameter(UCIAppConfigID(rawValue: 0xF0), [1]), UCIParameter(.channelNumber, integer: UInt8(9)),
            UCIParameter(.rangingDuration, [0x64]), UCIParameter(.deviceType, integer: UInt8(1)),
        ]))
        #expect(answer == .setAppConfig(status: .invalidParameter, [
            UCIParameterStatus(UCIAppConfigID(rawValue: 0xF0), .invalidParameter), UCIParameterStatus(.channelNumber, .invalidRange),
            UCIParameterStatus(.rangingDuration, .invalidRange),
        ]))
        #expect(try host.call(.getSessionState(sessionToken: handle)) == .sessionState(status: .ok, .initialized))
        #expect(try host.call(.sessionStart(sessionToken: handle)) == .sessionStart(.sessionNotConfigured))
        #expect(try host.call(.setConfig([UCIParameter(.deviceState, [1])])) == .setConfig(status: .invalidParameter, [UCIParameterStatus(.deviceState, .readOnly)]))
    }
}
