import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

/// Records a DL-TDoA session's callbacks on its own queue.
final class DownlinkTDoARecorder: NISessionDelegate, @unchecked Sendable {
    let queue = DispatchQueue(label: "recorder.dltdoa")
    private var rounds: [[NIDLTDOAMeasurement]] = []
    private var events: [String] = []

    /// Every batch of measurements so far.
    var measured: [[NIDLTDOAMeasurement]] { queue.sync { rounds } }
    /// The lifecycle so far: "started", "invalidated CODE".
    var lifecycle: [String] { queue.sync { events } }

    func session(_ session: NISession, didUpdateDLTDOA measurements: [NIDLTDOAMeasurement]) {
        rounds.append(measurements)
    }

    func sessionDidStartRunning(_ session: NISession) {
        events.append("started")
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        events.append("invalidated \((error as? NIError)?.code.rawValue ?? 0)")
    }
}

@Suite("NearbyInteraction DL-TDoA (iOS 26): an NISession listening to the anchors of an emulated hall")
struct DownlinkTDoASessionTests {
    /// The positioning hall with one listening device, its anchors running, and a session on the
    /// device's own service with `recorder` as its delegate.
    static func hall(recorder: DownlinkTDoARecorder) throws -> (Emulation, NISession, DeviceService) {
        let scenario = try PositioningHall.scenario(tags: [(6, 5, -8)])
        let emulation = try Emulation(scenario: scenario)
        try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        let service = DeviceService(radio: try emulation.radio("T1"))
        let session = NISession(device: service)
        session.delegateQueue = recorder.queue
        session.delegate = recorder
        return (emulation, session, service)
    }

    @Test("every round's Poll, Responses and Final, with the anchors' addresses, positions, times and clock offsets")
    func measurements() throws {
        let recorder = DownlinkTDoARecorder()
        let (emulation, session, service) = try Self.hall(recorder: recorder)
        #expect(service.capabilities.supportsDLTDOAMeasurement)
        session.run(NIDLTDOAConfiguration(networkIdentifier: 1))
        emulation.run(until: SimulationTime(seconds: 1))
        #expect(recorder.lifecycle == ["started"])
        let rounds = recorder.measured
        // Two clusters, ten rounds a second each, from 10 ms.
        #expect(rounds.count == 20, "\(rounds.count) rounds")
        let anchors = PositioningHall.anchors
        for round in rounds {
            let types = round.map(\.measurementType)
            #expect(types == [.poll, .response, .response, .response, .final], "\(types)")
            let initiator = round[0].address
            #expect(initiator == 1 || initiator == 5)
            for measurement in round {
                #expect(measurement.clusterInitiatorAddress == initiator)
                #expect(measurement.coordinatesType == .relative)
                let anchor = anchors[Int(measurement.address) - 1]
                let truth = try #require(emulation.antennaPosition(of: Int(measurement.address) - 1, at: .zero)).metres
                #expect(abs(measurement.coordinates.x - truth.x) < 0.001 && abs(measurement.coordinates.z - anchor.z) < 0.01)
                #expect(measurement.transmitTime == Double(measurement.rawTransmitTime) / DeviceClock.ticksPerSecond)
                #expect((measurement.measurementType == .response) == (measurement.responderClockFrequencyOffset != nil))
                #expect(measurement.signalStrength < -40 && measurement.signalStrength > -100)
                // The tag's clock is 8 ppm slow; the anchors' up to 12 ppm off: the carrier says so.
                #expect(abs(measurement.carrierFrequencyOffset) < 25)
            }
            // The Poll and the Final of a round are the same anchor's: their intervals sent and
            // received differ only by the two clocks' rates (tens of ppm) and the timestamps' noise.
            let sent = round[4].transmitTime - round[0].transmitTime
            let received = round[4].receiveTime - round[0].receiveTime
            #expect(round[4].address == initiator)
            #expect(sent > 0 && abs(received / sent - 1) < 50e-6, "\(received) against \(sent)")
        }
    }

    @Test("anchors that know their floor send it, and the measurements carry it (iOS 27's floorElevation); the others' have none")
    func floorElevation() throws {
        var scenario = try PositioningHall.scenario(tags: [(6, 5, -8)])
        // The west cluster's anchors are on the second floor, 2.8 m above it (the hall's own height stays 3 m).
        for index in 0..<4 {
            scenario.devices[index].positioning = .anchor(
                cluster: "west", surveyedPosition: nil, floor: FloorElevation(floorNumber: 2, heightAboveFloor: Distance(metres: 2.8)))
        }
        let emulation = try Emulation(scenario: scenario)
        try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        let recorder = DownlinkTDoARecorder()
        let session = NISession(device: DeviceService(radio: try emulation.radio("T1")))
        session.delegateQueue = recorder.queue
        session.delegate = recorder
        session.run(NIDLTDOAConfiguration(networkIdentifier: 1))
        emulation.run(until: SimulationTime(seconds: 0.5))
        let measurements = recorder.measured.flatMap { $0 }
        #expect(measurements.count >= 40)
        for measurement in measurements {
            if measurement.address <= 4 {
                let floor = try #require(measurement.floorElevation)
                #expect(floor.floorNumber == 2 && floor.height == 2.8)
            } else {
                #expect(measurement.floorElevation == nil)
            }
        }
    }

    @Test("a network no anchor serves: the session runs and hears nothing, as on iOS")
    func otherNetwork() throws {
        let recorder = DownlinkTDoARecorder()
        let (emulation, session, _) = try Self.hall(recorder: recorder)
        session.run(NIDLTDOAConfiguration(networkIdentifier: 7))
        emulation.run(until: SimulationTime(seconds: 0.5))
        #expect(recorder.lifecycle == ["started"])
        #expect(recorder.measured.isEmpty)
    }

    @Test("a network identifier no frame can carry is an invalid configuration")
    func badNetwork() throws {
        for identifier in [-1, 65_535, 70_000] {
            let recorder = DownlinkTDoARecorder()
            let (emulation, session, _) = try Self.hall(recorder: recorder)
            session.run(NIDLTDOAConfiguration(networkIdentifier: identifier))
            emulation.run(until: SimulationTime(seconds: 0.1))
            #expect(recorder.lifecycle == ["invalidated \(NIError.Code.invalidConfiguration.rawValue)"], "\(identifier)")
        }
    }
}

@Suite("An invalidated DL-TDoA session gives its radio back")
struct DownlinkTDoAInvalidationTests {
    @Test("after a DL-TDoA session on Alice's device is invalidated, a peer session on the same device ranges")
    func radioIsFreedOnInvalidation() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let listener = NISession(device: try pair.world.service("alice"))
        listener.run(NIDLTDOAConfiguration(networkIdentifier: 9))
        pair.world.advance(by: .milliseconds(300))
        listener.invalidate()
        try pair.run()
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.distances.count >= 5, "Alice measured \(pair.aliceLog.distances.count) distances")
    }
}
