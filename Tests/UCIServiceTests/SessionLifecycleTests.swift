import Testing
import UCI
import UCIService
import UWBEmulator
import UWBTestSupport

/// A scripted host walks the whole life of a UWBS and a session over TCP, ranging with a second
/// host on the other device of a facing pair 3 m apart.
@Suite struct SessionLifecycleTests {
    /// The session both hosts range in.
    static let sessionID: UInt32 = 0x0102_0304

    @Test func twoHostsRangeThroughTheEngineAndWalkTheLifecycle() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 16, distance: 3), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let controller = try ScriptedHost(port: server.port)
        #expect(try controller.notification() == .deviceStatus(.ready))
        #expect(try controller.call(.deviceReset(resetConfig: 0)) == .deviceReset(.ok))
        #expect(try controller.notification() == .deviceStatus(.ready))
        guard case .deviceInfo(let info) = try controller.call(.getDeviceInfo) else { Issue.record("no device info"); return }
        #expect(info.status == .ok && info.uciVersion.revision == .v2)
        guard case .capabilities(.ok, let caps) = try controller.call(.getCapabilities) else { Issue.record("no caps"); return }
        #expect(caps.contains(UCIParameter(.supportedChannels, [0x01])))

        let controllerHandle = try configure(controller, controller: true, own: 0x0001, peer: 0x0002)
        let controlee = try ScriptedHost(port: server.port)
        #expect(try controlee.notification() == .deviceStatus(.ready))
        let controleeHandle = try configure(controlee, controller: false, own: 0x0002, peer: 0x0001)

        #expect(try controlee.call(.sessionStart(sessionToken: controleeHandle)) == .sessionStart(.ok))
        #expect(try controlee.notification() == .sessionStatus(sessionToken: controleeHandle, state: .active, reason: .stateChangeWithSessionManagementCommands))
        // The device's first ACTIVE session makes the device ACTIVE, said after the session's own state.
        #expect(try controlee.notification() == .deviceStatus(.active))
        #expect(try controller.call(.sessionStart(sessionToken: controllerHandle)) == .sessionStart(.ok))
        #expect(try controller.notification() == .sessionStatus(sessionToken: controllerHandle, state: .active, reason: .stateChangeWithSessionManagementCommands))
        #expect(try controller.notification() == .deviceStatus(.active))

        var distances: [UInt16] = []
        for _ in 0..<5 {
            let measurement = try #require(try controller.nextMeasurement())
            #expect(measurement.status == .ok && measurement.macAddress == 0x0002)
            distances.append(measurement.distanceCentimetres)
        }
        #expect(distances.allSatisfy { (290...310).contains($0) }, "distances \(distances) cm, truth 300 cm")
        let responderSide = try #require(try controlee.nextMeasurement())
        #expect(responderSide.status == .ok && (290...310).contains(responderSide.distanceCentimetres))

        #expect(try controller.call(.sessionStop(sessionToken: controllerHandle)) == .sessionStop(.ok))
        #expect(try controller.notification() == .sessionStatus(sessionToken: controllerHandle, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        // Its last ACTIVE session stopped: READY again.
        #expect(try controller.notification() == .deviceStatus(.ready))
        guard case .rangingCount(.ok, let count) = try controller.call(.getRangingCount(sessionToken: controllerHandle)) else {
            Issue.record("no ranging count"); return
        }
        #expect(count >= 5)
        #expect(try controller.call(.sessionDeinit(sessionToken: controllerHandle)) == .sessionDeinit(.ok))
        #expect(try controller.notification() == .sessionStatus(sessionToken: controllerHandle, state: .deinitialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try controller.call(.getSessionCount) == .sessionCount(status: .ok, count: 0))
    }

    /// SESSION_INIT and SET_APP_CONFIG for a one-to-one session; returns the session handle.
    private func configure(_ host: ScriptedHost, controller: Bool, own: UInt16, peer: UInt16) throws -> UInt32 {
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: Self.sessionID, type: .ranging)) else {
            throw ScriptError.unexpected("SESSION_INIT failed")
        }
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        let parameters: [UCIParameter<UCIAppConfigID>] = [
            UCIParameter(.deviceType, integer: UInt8(controller ? 1 : 0)), UCIParameter(.deviceRole, integer: UInt8(controller ? 1 : 0)),
            UCIParameter(.multiNodeMode, integer: UInt8(0)), UCIParameter(.numberOfControlees, integer: UInt8(1)),
            UCIParameter(.deviceMacAddress, integer: own), UCIParameter(.destinationMacAddress, integer: peer),
            UCIParameter(.channelNumber, integer: UInt8(5)), UCIParameter(.rangingDuration, integer: UInt32(100)),
            UCIParameter(UCIAppConfigID(rawValue: 0x0D), integer: UInt8(1)),
        ]
        #expect(try host.call(.setAppConfig(sessionToken: handle, parameters)) == .setAppConfig(status: .ok, []))
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        guard case .getAppConfig(.ok, let read) = try host.call(.getAppConfig(sessionToken: handle, [.deviceMacAddress])) else {
            throw ScriptError.unexpected("GET_APP_CONFIG failed")
        }
        #expect(read == [UCIParameter(.deviceMacAddress, integer: own)])
        return handle
    }
}

/// A step of a script that did not go as it should.
enum ScriptError: Error {
    case unexpected(String)
}
