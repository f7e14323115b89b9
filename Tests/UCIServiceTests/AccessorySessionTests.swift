import AccessoryProtocol
import Foundation
import Testing
import UCI
import UCIService
import UWBEmulator

/// The FiRa session an iPhone's shareable configuration data sets up, run on `uwb uci serve` by
/// an accessory and a phone side configured from the same data (`AccessoryFiRaSession`).
@Suite("Accessory sessions from shareable configuration data on the UCI server", .timeLimit(.minutes(10)))
struct AccessorySessionTests {
    /// The NXP sample's version 1.1 example: channel 9, preamble 11, session 0x8C28, 6 slots of
    /// 3600 RSTU, 180 ms, the phone at 0x721D (`Docs/reference/accessory-protocol.md` §4).
    static let nxpExample: [UInt8] = [
        0x01, 0x00, 0x01, 0x00, 0x19, 0x55, 0x53, 0x28, 0x8C, 0x00, 0x00, 0x0B, 0x09, 0x06, 0x00, 0x10, 0x0E, 0xB4, 0x00, 0x03,
        0xCD, 0x26, 0xC4, 0x07, 0x77, 0xD6, 0x1D, 0x72, 0x64, 0x00,
    ]
    /// The DWM3001CDK's address in its configuration data (Qorvo's forum, thread 21738).
    static let accessoryAddress: UInt16 = 0xD711

    /// Two DWM3000 boards on channel 9, 2.5 m apart in free space, facing each other.
    static func room() throws -> Emulation {
        let document: [String: Any] = [
            "name": "an accessory and a phone", "seed": 9, "channel": ["model": "free-space"],
            "radio": ["channel": 9, "prfMHz": 64, "preambleLength": 128, "preambleCode": 9, "dataRateKbps": 6800, "sfd": "standard"],
            "devices": [
                ["name": "accessory", "board": "ft232h-dwm3000-single", "position": [0, 1, 0]],
                ["name": "phone", "board": "ft232h-dwm3000-single", "position": [0, 1, -2.5], "orientation": ["yawDegrees": 180]],
            ],
        ]
        return try Emulation(scenario: try Scenario(jsonData: try JSONSerialization.data(withJSONObject: document)))
    }

    /// SESSION_INIT of `session`, its configuration and SESSION_START, each answer checked; returns the handle.
    static func start(_ session: AccessoryFiRaSession, on host: ScriptedHost, first: Bool) throws -> UInt32 {
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: session.sessionID, type: .ranging)) else {
            throw ScriptError.unexpected("SESSION_INIT failed")
        }
        _ = try host.notification()
        #expect(try host.call(.setAppConfig(sessionToken: handle, session.parameters)) == .setAppConfig(status: .ok, []))
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        try SessionSetup.start(host, handle, first: first)
        return handle
    }

    /// A host for each side on `server`, the phone's session started first, then the accessory's.
    static func startBoth(_ accessory: AccessoryFiRaSession, _ phone: AccessoryFiRaSession, on server: UCIServer) throws -> (accessory: ScriptedHost, phone: ScriptedHost) {
        let accessoryHost = try SessionSetup.host(server)
        let phoneHost = try SessionSetup.host(server)
        _ = try start(phone, on: phoneHost, first: true)
        _ = try start(accessory, on: accessoryHost, first: true)
        return (accessoryHost, phoneHost)
    }

    @Test("the accessory (controller, initiator) and the phone (controlee, responder) configured from the NXP example range at 2.5 m")
    func bothSidesRange() throws {
        let data = try ShareableConfigurationData(octets: Self.nxpExample)
        let accessory = try AccessoryFiRaSession(data, side: .accessory, accessoryAddress: Self.accessoryAddress)
        let phone = try AccessoryFiRaSession(data, side: .phone, accessoryAddress: Self.accessoryAddress)
        #expect(accessory.sessionID == 0x8C28 && phone.sessionID == 0x8C28)
        let server = try UCIServer(emulation: try Self.room(), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let (accessoryHost, phoneHost) = try Self.startBoth(accessory, phone, on: server)
        for (host, peer) in [(accessoryHost, UInt64(0x721D)), (phoneHost, UInt64(Self.accessoryAddress))] {
            var distances: [Int] = []
            // At most 30 notifications: sides that never range fail here rather than read forever.
            for _ in 0..<30 where distances.count < 3 {
                guard let measurements = try host.nextMeasurements() else { break }
                for measurement in measurements where measurement.status == .ok {
                    #expect(measurement.macAddress == peer)
                    distances.append(Int(measurement.distanceCentimetres))
                }
            }
            #expect(distances.count == 3 && distances.allSatisfy { abs($0 - 250) <= 10 }, "\(distances) cm, truth 250")
        }
    }

    @Test("a phone whose STS IV differs from the accessory's never gives a distance: the accessory's rounds time out")
    func mismatchedSTS() throws {
        let data = try ShareableConfigurationData(octets: Self.nxpExample)
        var other = data
        other.stsIV = [0, 0, 0, 0, 0, 1]
        let accessory = try AccessoryFiRaSession(data, side: .accessory, accessoryAddress: Self.accessoryAddress)
        let phone = try AccessoryFiRaSession(other, side: .phone, accessoryAddress: Self.accessoryAddress)
        let server = try UCIServer(emulation: try Self.room(), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let (accessoryHost, phoneHost) = try Self.startBoth(accessory, phone, on: server)
        // The phone's host stays connected, its session active, for as long as the accessory is read.
        defer { withExtendedLifetime(phoneHost) {} }
        for _ in 0..<5 {
            let measurements = try #require(try accessoryHost.nextMeasurements())
            #expect(measurements.allSatisfy { $0.status == .rangingRxTimeout }, "\(measurements)")
        }
    }

    @Test("more slots than SLOTS_PER_RR holds, or the phone at the accessory's address, are refused")
    func refusals() throws {
        var data = try ShareableConfigurationData(octets: Self.nxpExample)
        data.slotsPerRound = 300
        #expect(throws: AccessoryProtocolError.self) { try AccessoryFiRaSession(data, side: .accessory, accessoryAddress: 1) }
        data.slotsPerRound = 6
        #expect(throws: AccessoryProtocolError.self) { try AccessoryFiRaSession(data, side: .phone, accessoryAddress: 0x721D) }
    }
}
