import Testing
import UCI
import UCIService

/// Opens, configures and starts sessions on scripted hosts for the protocol tests, checking each
/// answer on the way.
struct SessionSetup {
    /// The host the session is on.
    let host: ScriptedHost
    /// The session id.
    var id: UInt32
    /// The session type.
    var type: UCISessionType = .ranging
    /// Whether the device is the controller (DEVICE_TYPE 1; it initiates unless `initiates` says).
    var controller: Bool
    /// DEVICE_ROLE: initiator or responder; by default the controller initiates.
    var initiates: Bool?
    /// DEVICE_MAC_ADDRESS.
    var own: UInt16
    /// DST_MAC_ADDRESS.
    var peers: [UInt16]
    /// MULTI_NODE_MODE 1 (one-to-many).
    var oneToMany = false
    /// RANGING_DURATION in ms.
    var interval: UInt32 = 100
    /// Further parameters, after the others.
    var more: [UCIParameter<UCIAppConfigID>] = []

    /// The SET_APP_CONFIG parameters of the session.
    var parameters: [UCIParameter<UCIAppConfigID>] {
        [
            UCIParameter(.deviceType, integer: UInt8(controller ? 1 : 0)),
            UCIParameter(.deviceRole, integer: UInt8(initiates ?? controller ? 1 : 0)),
            UCIParameter(.multiNodeMode, integer: UInt8(oneToMany ? 1 : 0)),
            UCIParameter(.numberOfControlees, integer: UInt8(peers.count)),
            UCIParameter(.deviceMacAddress, integer: own),
            UCIParameter(.destinationMacAddress, peers.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }),
            UCIParameter(.rangingDuration, integer: interval),
        ] + more
    }

    /// SESSION_INIT and SET_APP_CONFIG, with their notifications; returns the session's token
    /// (the handle in UCI 2.0, the id in 1.x).
    func configure() throws -> UInt32 {
        guard case .sessionInit(.ok, let handle) = try host.call(.sessionInit(sessionID: id, type: type)) else {
            throw ScriptError.unexpected("SESSION_INIT of \(id) failed")
        }
        let token = handle ?? id
        #expect(try host.notification() == .sessionStatus(sessionToken: token, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try host.call(.setAppConfig(sessionToken: token, parameters)) == .setAppConfig(status: .ok, []))
        #expect(try host.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        return token
    }

    /// SESSION_START of `token`, with its notification, and the device's ACTIVE when it is the host's
    /// `first` ACTIVE session.
    static func start(_ host: ScriptedHost, _ token: UInt32, first: Bool = true) throws {
        #expect(try host.call(.sessionStart(sessionToken: token)) == .sessionStart(.ok))
        #expect(try host.notification() == .sessionStatus(sessionToken: token, state: .active, reason: .stateChangeWithSessionManagementCommands))
        if first {
            #expect(try host.notification() == .deviceStatus(.active))
        }
    }

    /// A connected host whose UWBS said READY.
    static func host(_ server: UCIServer, version: UCIProtocolRevision = .v2) throws -> ScriptedHost {
        let host = try ScriptedHost(port: server.port, version: version)
        #expect(try host.notification() == .deviceStatus(.ready))
        return host
    }
}
