import EmulatorHarness
import Foundation
import Testing
import UCI
import UCIService
import UWBCore
import UWBEmulator

/// DT-tag sessions (DEVICE_ROLE 8) on `uwb uci serve`: a host's device listens to the DL-TDoA
/// anchors of the hall and gets every round as DL-TDoA measurements, checked against the hall's
/// geometry and clocks.
@Suite("DT-tag sessions on the UCI server", .timeLimit(.minutes(10)))
struct DownlinkTDoATagTests {
    /// The tag's place and clock offset: inside the hall, 1 m up.
    static let tag = (x: 7.0, z: 5.0, ppm: 4.0)

    /// A server for the positioning hall whose anchors run their rounds, its only free device the tag.
    static func server() throws -> UCIServer {
        let scenario = try PositioningHall.scenario(tags: [tag])
        let emulation = try Emulation(scenario: scenario)
        try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        let anchors = scenario.devices.filter { if case .anchor? = $0.positioning { true } else { false } }.map(\.name)
        let server = try UCIServer(emulation: emulation, settings: UCIServerSettings(port: 0, speed: 0, reservedDevices: Set(anchors)))
        server.start()
        return server
    }

    /// The DT-tag parameters of a session.
    static let tagParameters: [UCIParameter<UCIAppConfigID>] = [
        UCIParameter(.deviceType, integer: UInt8(0)), UCIParameter(.deviceRole, integer: UCIConstants.downlinkTDoATagRole),
        UCIParameter(.rangingRoundUsage, integer: UCIConstants.downlinkTDoARoundUsage),
    ]

    /// SESSION_INIT of `id` and the DT-tag configuration, checked; returns the handle.
    static func configureTag(_ host: ScriptedHost, id: UInt32) throws -> UInt32 {
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: id, type: .ranging)) else {
            throw ScriptError.unexpected("SESSION_INIT failed")
        }
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .initialized, reason: .stateChangeWithSessionManagementCommands))
        #expect(try host.call(.setAppConfig(sessionToken: handle, tagParameters)) == .setAppConfig(status: .ok, []))
        #expect(try host.notification() == .sessionStatus(sessionToken: handle, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        return handle
    }

    /// The next DL-TDoA notification.
    static func nextRound(_ host: ScriptedHost) throws -> UCISessionInfo {
        while let message = try host.next() {
            if case .notification(.sessionInfo(let info)) = message { return info }
        }
        throw ScriptError.unexpected("the server closed the connection")
    }

    /// The hall's anchor whose surveyed position is `location` (to the millimetre), with its clock offset.
    static func anchor(at location: UCIAnchorLocation?) -> (position: Vector3, ppm: Double)? {
        guard case .relative(let relative) = location else { return nil }
        return PositioningHall.anchors.map { (position: Vector3(x: $0.x, y: 3, z: $0.z), ppm: $0.ppm) }.first { candidate in
            relative == UCIRelativeLocation(Position(metres: candidate.position))
        }
    }

    @Test("a DT-tag hears whole rounds whose timestamps, reply times, clock offsets and locations fit the hall")
    func roundsFitTheHall() throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try SessionSetup.host(server)
        let handle = try Self.configureTag(host, id: UInt32(PositioningSpec.defaultNetwork))
        try SessionSetup.start(host, handle)
        let tag = Vector3(x: Self.tag.x, y: 1, z: Self.tag.z)
        let ticksPerMetre = DeviceClock.ticksPerSecond / PhysicalConstants.speedOfLight.metresPerSecond
        var responses = 0
        var lastSequence: UInt32 = 0
        for _ in 0..<8 {
            let info = try Self.nextRound(host)
            #expect(info.sessionToken == handle && info.measurementType == .downlinkTDoA)
            #expect(info.sequenceNumber == lastSequence + 1)
            lastSequence = info.sequenceNumber
            guard case .downlinkTDoA(let list) = info.measurements else { continue }
            try #require(list.count >= 3)
            #expect(list.first?.messageType == .poll && list.last?.messageType == .final)
            #expect(Set(list.map(\.blockIndex)).count == 1)
            let poll = list[0]
            let initiator = try #require(Self.anchor(at: poll.anchorLocation), "a Poll from no anchor of the hall")
            for measurement in list {
                let anchor = try #require(Self.anchor(at: measurement.anchorLocation), "a message from no anchor of the hall")
                #expect(!measurement.transmitTimestampIs64Bit && !measurement.receiveTimestampIs64Bit)
                // The tag's offset against the anchor, from the carrier: the scenario's clocks' difference.
                #expect(abs(measurement.clockOffset.offset.partsPerMillion - (Self.tag.ppm - anchor.ppm)) < 0.5)
                guard measurement.messageType == .response else {
                    #expect(measurement.responderReplyTime == 0 && measurement.initiatorReplyTime == 0 && measurement.initiatorResponderTimeOfFlight == 0)
                    continue
                }
                responses += 1
                let flight = (anchor.position - initiator.position).length
                // The flight the responder measured with its initiator (surveyed in its first round):
                // within 5 cm of the anchors' distance in the hall's free space.
                #expect(abs(Double(measurement.initiatorResponderTimeOfFlight) - flight * ticksPerMetre) <= 0.05 * ticksPerMetre)
                #expect(abs(measurement.anchorClockOffset.offset.partsPerMillion - (anchor.ppm - initiator.ppm)) < 0.5)
                // Poll to Response at the tag: the responder's reply time on the tag's clock plus the
                // paths initiator → responder → tag against initiator → tag.
                let heard = Double(measurement.receiveTimestamp &- poll.receiveTimestamp & DeviceClock.maximumTicks)
                let expected = Double(measurement.responderReplyTime) * (1 + measurement.clockOffset.offset.ratio)
                    + (flight + (tag - anchor.position).length - (tag - initiator.position).length) * ticksPerMetre
                #expect(abs(heard - expected) / ticksPerMetre < 0.2, "Response of \(measurement.macAddress): \((heard - expected) / ticksPerMetre) m off")
                // Response to Final at the tag: the initiator's reply time to this Response plus the
                // paths responder → initiator → tag against responder → tag.
                let final = try #require(list.last)
                let untilFinal = Double(final.receiveTimestamp &- measurement.receiveTimestamp & DeviceClock.maximumTicks)
                let expectedUntilFinal = Double(measurement.initiatorReplyTime) * (1 + final.clockOffset.offset.ratio)
                    + (flight + (tag - initiator.position).length - (tag - anchor.position).length) * ticksPerMetre
                #expect(measurement.initiatorReplyTime > 0)
                #expect(abs(untilFinal - expectedUntilFinal) / ticksPerMetre < 0.2, "initiator reply to \(measurement.macAddress): \((untilFinal - expectedUntilFinal) / ticksPerMetre) m off")
            }
        }
        #expect(responses >= 8)
        #expect(try host.call(.sessionStop(sessionToken: handle)) == .sessionStop(.ok))
    }

    @Test("a DT-anchor role, a DT-tag with a two-way round usage and a second session beside a listening one are refused")
    func refusals() throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try SessionSetup.host(server)
        guard case .sessionInit(.ok, let other?) = try host.call(.sessionInit(sessionID: 7, type: .ranging)) else {
            throw ScriptError.unexpected("SESSION_INIT failed")
        }
        _ = try host.notification()
        // DEVICE_ROLE 7 (DT-anchor): the host's device cannot be an anchor here.
        #expect(try host.call(.setAppConfig(sessionToken: other, [UCIParameter(.deviceRole, integer: UInt8(7))]))
            == .setAppConfig(status: .invalidParameter, [UCIParameterStatus(.deviceRole, .invalidRange)]))
        // A DT-tag with DS-TWR's round usage: both refused.
        #expect(try host.call(.setAppConfig(sessionToken: other, [
            UCIParameter(.deviceRole, integer: UCIConstants.downlinkTDoATagRole), UCIParameter(.rangingRoundUsage, integer: UInt8(2)),
        ])) == .setAppConfig(status: .invalidParameter, [UCIParameterStatus(.deviceRole, .invalidRange), UCIParameterStatus(.rangingRoundUsage, .invalidRange)]))
        // A two-way session, configured, cannot start while a DT-tag session listens.
        let setup = SessionSetup(host: host, id: 8, controller: true, own: 0x0A, peers: [0x0B])
        let twoWay = try setup.configure()
        let tag = try Self.configureTag(host, id: 1)
        try SessionSetup.start(host, tag)
        #expect(try host.call(.sessionStart(sessionToken: twoWay)) == .sessionStart(.rejected))
    }
}
