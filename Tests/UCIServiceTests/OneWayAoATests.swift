import Foundation
import Testing
import UCI
import UCIService
import UWBCore
import UWBEmulator
import UWBTestSupport

/// OWR-AoA sessions on `uwb uci serve`: an observer's board measures the angle of an advertiser's
/// frames, checked against the room's geometry.
@Suite("OWR-AoA sessions on the UCI server", .timeLimit(.minutes(10)))
struct OneWayAoATests {
    /// SESSION_INIT of `id` and `parameters`, expecting the session to become IDLE; returns the handle.
    static func configure(_ host: ScriptedHost, id: UInt32, _ parameters: [UCIParameter<UCIAppConfigID>]) throws -> UInt32 {
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: id, type: .ranging)) else {
            throw ScriptError.unexpected("SESSION_INIT failed")
        }
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try host.call(.setAppConfig(sessionToken: handle, parameters)) == .setAppConfig(status: .ok, []))
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        return handle
    }

    static func role(_ role: UInt8) -> [UCIParameter<UCIAppConfigID>] {
        [UCIParameter(.deviceRole, integer: role), UCIParameter(.rangingRoundUsage, integer: UCIConstants.oneWayAoARoundUsage)]
    }

    @Test("the phone's array measures the advertising tag at 30° to its right, level, frame after frame")
    func observerMeasuresTheAdvertiser() throws {
        let emulation = try PhoneAndTag.emulation(distance: 3, azimuth: .degrees(30), seed: 11)
        let server = try UCIServer(emulation: emulation, settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let phone = try SessionSetup.host(server)
        let tag = try SessionSetup.host(server)
        let observer = try Self.configure(phone, id: 0x55, Self.role(UCIConstants.observerRole))
        try SessionSetup.start(phone, observer)
        let advertiser = try Self.configure(
            tag, id: 0x55, Self.role(UCIConstants.advertiserRole) + [
                UCIParameter(.deviceMacAddress, integer: UInt16(0x0B0B)), UCIParameter(.rangingDuration, integer: UInt32(100)),
            ])
        try SessionSetup.start(tag, advertiser)
        var sequence: UInt8?
        for _ in 0..<6 {
            guard case .notification(.sessionInfo(let info))? = try phone.next(), case .oneWayAoA(let list, _) = info.measurements,
                  let measurement = list.first else {
                Issue.record("not an OWR-AoA notification")
                return
            }
            #expect(info.sessionToken == observer && info.measurementType == .oneWayAoA && list.count == 1)
            #expect(measurement.macAddress == 0x0B0B && measurement.status == .ok)
            #expect(abs(measurement.azimuth.degrees - 30) < 5, "azimuth \(measurement.azimuth)")
            #expect(abs(measurement.elevation.degrees) < 10, "elevation \(measurement.elevation)")
            #expect(measurement.azimuthFOM == 100 && measurement.elevationFOM == 100)
            if let sequence {
                #expect(measurement.frameSequenceNumber == sequence &+ 1)
            }
            sequence = measurement.frameSequenceNumber
        }
        #expect(try phone.call(.sessionStop(sessionToken: observer)) == .sessionStop(.ok))
        #expect(try tag.call(.sessionStop(sessionToken: advertiser)) == .sessionStop(.ok))
    }

    @Test("an advertiser needs its address before it is IDLE; a one-way role with a two-way round usage is refused")
    func refusals() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 3), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let host = try SessionSetup.host(server)
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: 9, type: .ranging)) else {
            Issue.record("SESSION_INIT failed")
            return
        }
        _ = try host.notification()
        #expect(try host.call(.setAppConfig(sessionToken: handle, Self.role(UCIConstants.advertiserRole))) == .setAppConfig(status: .ok, []))
        #expect(try host.call(.getSessionState(sessionToken: handle)) == .sessionState(status: .ok, .initialized))
        #expect(try host.call(.setAppConfig(sessionToken: handle, [UCIParameter(.rangingRoundUsage, integer: UInt8(2))]))
            == .setAppConfig(status: .invalidParameter, [UCIParameterStatus(.rangingRoundUsage, .invalidRange)]))
    }
}
