import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UCIClient
import UWBCore
import UWBEmulator

/// iOS 26's DL-TDoA API on a UCI device: an NISession running `NIDLTDOAConfiguration` on a
/// `uwb uci serve` device becomes a FiRa DT-tag session, and the DL-TDoA notifications of the
/// hall's anchors become its measurements.
@Suite(.timeLimit(.minutes(10))) struct DownlinkTDoAOnUCITests {
    /// The tag's place and clock offset in the hall.
    static let tag = (x: 6.0, z: 5.0, ppm: -8.0)

    /// A UCI server for the positioning hall whose anchors run their rounds; its one free device is the tag.
    static func hall() throws -> UCITestServer {
        let scenario = try PositioningHall.scenario(tags: [tag])
        let emulation = try Emulation(scenario: scenario)
        try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        let anchors = scenario.devices.filter { if case .anchor? = $0.positioning { true } else { false } }.map(\.name)
        return try UCITestServer(emulation, reserved: Set(anchors))
    }

    /// The batches of DL-TDoA measurements of `events` until `whole` of them are whole rounds (a
    /// Poll, three Responses and the Final) or `limit` have come, or fewer and the error that ended
    /// the session. Now and then a frame of the hall's 15 m links along its walls is lost (about one
    /// round in 400, in the hall run on its own for 200 virtual s), so a round may come short of one;
    /// which rounds the session hears depends on when it starts, which is wall-clock time.
    static func rounds(of events: AsyncStream<NISession.Event>, whole: Int, limit: Int) async -> (rounds: [[NIDLTDOAMeasurement]], ending: NIError?) {
        var rounds: [[NIDLTDOAMeasurement]] = []
        for await event in events {
            switch event {
            case .didUpdateDLTDOA(let measurements):
                rounds.append(measurements)
                if rounds.count(where: { $0.count == 5 }) == whole || rounds.count == limit { return (rounds, nil) }
            case .didInvalidate(let error):
                return (rounds, error)
            default:
                continue
            }
        }
        return (rounds, nil)
    }

    @Test("the session hears the hall's rounds: anchors in their order, types, positions, clock offsets and times as the hall has them")
    func measurementsThroughUCI() async throws {
        let room = try Self.hall()
        let service = try room.service()
        #expect(service.capabilities.supportsDLTDOAMeasurement, "the server lists the DT-tag role")
        let session = NISession(device: service)
        let events = session.events()
        session.run(NIDLTDOAConfiguration(networkIdentifier: Int(PositioningSpec.defaultNetwork)))
        let (rounds, ending) = await Self.rounds(of: events, whole: 6, limit: 9)
        #expect(ending == nil, "\(String(describing: ending))")
        #expect(rounds.count(where: { $0.count == 5 }) == 6, "\(rounds.map { $0.map(\.address) })")
        let anchors = PositioningHall.anchors
        for round in rounds {
            // The initiator's Poll and Final around its responders' Responses in their slots' order;
            // a round short of a frame lacks one of them.
            let initiator = try #require(round.first).clusterInitiatorAddress
            #expect(initiator == 1 || initiator == 5)
            let order = [(initiator, NIDLTDOAMeasurementType.poll)] + (1...3).map { (initiator + $0, .response) } + [(initiator, .final)]
            let places = round.map { measurement in order.firstIndex { $0 == (measurement.address, measurement.measurementType) } }
            #expect(round.count >= 4 && zip(places, places.dropFirst()).allSatisfy { ($0 ?? 9) < ($1 ?? -1) },
                "\(round.map { ($0.address, $0.measurementType) })")
            let initiatorPPM = anchors[Int(initiator) - 1].ppm
            for measurement in round {
                #expect(measurement.clusterInitiatorAddress == initiator)
                #expect(measurement.coordinatesType == .relative)
                let anchor = anchors[Int(measurement.address) - 1]
                #expect(abs(measurement.coordinates.x - anchor.x) < 0.01 && abs(measurement.coordinates.y - 3) < 0.01
                    && abs(measurement.coordinates.z - anchor.z) < 0.01, "\(measurement.coordinates)")
                // The anchor's offset against the tag's clock, from the carrier; for a Response the
                // initiator's against the responder's, as the responder measured it.
                #expect(abs(measurement.carrierFrequencyOffset - (anchor.ppm - Self.tag.ppm)) < 0.5)
                if measurement.measurementType == .response {
                    let reported = try #require(measurement.responderClockFrequencyOffset)
                    #expect(abs(reported - (initiatorPPM - anchor.ppm)) < 0.5)
                } else {
                    #expect(measurement.responderClockFrequencyOffset == nil)
                }
                #expect(measurement.transmitTime == Double(measurement.rawTransmitTime) / DeviceClock.ticksPerSecond)
                #expect(measurement.signalStrength < -40 && measurement.signalStrength > -100)
            }
            // The Poll and the Final are the initiator's: their intervals sent and received differ by
            // the two clocks' rates only.
            guard round[0].measurementType == .poll, round[round.count - 1].measurementType == .final else { continue }
            let sent = round[round.count - 1].transmitTime - round[0].transmitTime
            let received = round[round.count - 1].receiveTime - round[0].receiveTime
            #expect(sent > 0 && abs(received / sent - 1 - (Self.tag.ppm - initiatorPPM) * 1e-6) < 1e-6, "\(received) against \(sent)")
        }
        session.invalidate()
    }
}
