import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Apps on the emulator service tell it what their sessions measured (REPORT), and observers see
/// it in the snapshot's links beside the true distance.
@Suite("Emulator service: measurements from apps", .serialized)
struct MeasurementReportTests {
    /// A service in its fastest mode with alice and bob `distance` apart, facing each other, and
    /// a bystander, all free for apps.
    static func service(distance: Double = 3) throws -> EmulatorService {
        let emulation = try FacingPair.emulation(seed: 11, distance: distance, bystanders: ["carol"])
        let service = try EmulatorService(
            emulation: emulation, free: ["alice", "bob", "carol"],
            socketPath: "/tmp/swift-uwb-report-\(UUID().uuidString.prefix(8)).sock", settings: EmulatorServiceSettings(speed: 0))
        service.start()
        return service
    }

    @Test("after some rounds the link carries both ends' measurements, each within a few cm of the true distance",
          .timeLimit(.minutes(10)), arguments: [1.5, 4.0])
    func bothEndsMeasured(distance: Double) throws {
        let service = try Self.service(distance: distance)
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 10))
        let snapshot = service.snapshot()
        let link = try #require(snapshot.links.first { $0.first == 0 && $0.second == 1 })
        // The true distance between the first antennas, from the geometry FacingPair sets up.
        #expect(abs(link.trueDistance.metres - distance) < 0.05, "\(link.trueDistance)")
        #expect(link.measurements.map(\.by) == [0, 1])
        for measurement in link.measurements {
            #expect(abs((measurement.distance?.metres ?? .infinity) - link.trueDistance.metres) < 0.05, "\(measurement) against \(link.trueDistance)")
            #expect(measurement.isNonLineOfSight == false, "free space, facing each other")
            // Single-chip boards measure no direction.
            #expect(measurement.azimuth == nil && measurement.elevation == nil)
            #expect(measurement.at > .zero && measurement.at <= snapshot.now)
            // The stack's quality: trusted, the levels of a strong free-space link, no check failed.
            #expect((measurement.quality.figureOfMerit ?? 0) > 0.5, "\(measurement.quality)")
            let received = try #require(measurement.quality.receivedLevel), firstPath = try #require(measurement.quality.firstPathLevel)
            #expect((-100 ... -60).contains(received.dBm) && firstPath <= received, "\(measurement.quality)")
            #expect(measurement.quality.failedChecks == [])
        }
        // Carol ranged with nobody: her links carry no measurement, and no report went astray.
        #expect(snapshot.links.filter { $0.second == 2 }.allSatisfy { $0.measurements.isEmpty })
        #expect(service.unmatchedReports == 0)
        // Alice's app leaving takes her measurements with it; bob's of her stay.
        pair.radios[0].stop()
        #expect(Eventually.holds { service.snapshot().links[0].measurements.map(\.by) == [1] })
    }

    @Test("a REPORT naming an address no other device has sent from is ignored and counted", .timeLimit(.minutes(10)))
    func unknownPeer() throws {
        let service = try Self.service()
        defer { service.stop() }
        let client = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        try client.send(.report(ReportedMeasurement(peer: 0x4242, distance: Distance(metres: 1), time: .zero)))
        // A reply to the next request says the REPORT before it has been read.
        try client.send(.interrupt(chip: 0))
        guard case .level = try client.reply() else {
            Issue.record("no LEVEL after an ignored REPORT")
            return
        }
        #expect(service.unmatchedReports == 1)
        #expect(service.snapshot().links.allSatisfy { $0.measurements.isEmpty })
    }

    @Test("a REPORT outside the app's turn, after the turn's time, or from an app of version 3 is refused")
    func refusals() throws {
        let service = try Self.service()
        defer { service.stop() }
        let report = EmulatorRequest.report(ReportedMeasurement(peer: 0x4242, distance: Distance(metres: 1), time: .zero))

        let waiting = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        try waiting.send(.wait(chips: 0, deadline: nil))
        try waiting.send(report)
        waiting.expectError(containing: "REPORT outside the app's turn")

        let early = try RawServiceClient.attached(to: "bob", at: service.socketPath)
        try early.send(.report(ReportedMeasurement(peer: 0x4242, distance: Distance(metres: 1), time: .seconds(5))))
        early.expectError(containing: "after the turn's time")

        let old = try RawServiceClient(path: service.socketPath)
        try old.send(.hello(version: 3, device: "carol"))
        guard case .welcome(let version, _, _) = try old.reply() else {
            Issue.record("no WELCOME for an app of version 3")
            return
        }
        #expect(version == 3)
        try old.send(report)
        old.expectError(containing: "REPORT from an app that said HELLO 3; only version 4 and later send it")
    }
}
