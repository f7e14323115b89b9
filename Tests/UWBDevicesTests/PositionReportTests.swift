import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Apps on the emulator service tell it where their positioning fixed their device (REPORT
/// POSITION), and observers see the latest fix with its covariance and track beside the device's
/// true position.
@Suite("Emulator service: position fixes from apps", .serialized)
struct PositionReportTests {
    /// A fix at (x, 1, z) with a 2-D covariance, at the start of the run.
    static func fix(x: Double, z: Double) -> EmulatorRequest {
        .position(ReportedPosition(position: Position(metres: Vector3(x: x, y: 1, z: z)), covariance: [0.01, 0, 0, 0.04], time: .zero))
    }

    /// Waits until the service has taken every request `client` sent before: IRQ is answered
    /// only after them.
    static func settle(_ client: RawServiceClient) throws {
        try client.send(.interrupt(chip: 0))
        guard case .level = try client.reply() else { throw EmulatorServiceError.malformed("no LEVEL for IRQ") }
    }

    @Test("the latest fix with its covariance, the earlier ones as its track (at most 60), gone when the app leaves", .timeLimit(.minutes(10)))
    func fixesAndTrack() throws {
        let service = try MeasurementReportTests.service()
        defer { service.stop() }
        let alice = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        for step in 0..<3 {
            try alice.send(Self.fix(x: Double(step), z: -Double(step)))
        }
        try Self.settle(alice)
        let fix = try #require(service.snapshot().devices[0].fix)
        #expect(fix.position == Position(metres: Vector3(x: 2, y: 1, z: -2)))
        #expect(fix.covariance == [0.01, 0, 0, 0.04])
        #expect(fix.at == .zero)
        #expect(fix.track == [Position(metres: Vector3(x: 0, y: 1, z: 0)), Position(metres: Vector3(x: 1, y: 1, z: -1))])
        #expect(service.snapshot().devices[1].fix == nil, "bob fixed nothing")

        for step in 3..<100 {
            try alice.send(Self.fix(x: Double(step), z: 0))
        }
        try Self.settle(alice)
        let long = try #require(service.snapshot().devices[0].fix)
        #expect(long.track.count == SnapshotFix.trackLength)
        #expect(long.track.first?.metres.x == Double(99 - SnapshotFix.trackLength))
        #expect(long.track.last?.metres.x == 98)

        alice.socket.close()
        #expect(Eventually.holds { service.snapshot().devices[0].fix == nil }, "a fix goes with its app")
    }

    @Test("REPORT POSITION outside the app's turn, after the turn's time, or from an app of version 4 is refused")
    func refusals() throws {
        let service = try MeasurementReportTests.service()
        defer { service.stop() }
        let waiting = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        try waiting.send(.wait(chips: 0, deadline: nil))
        try waiting.send(Self.fix(x: 0, z: 0))
        waiting.expectError(containing: "REPORT POSITION outside the app's turn")

        let early = try RawServiceClient.attached(to: "bob", at: service.socketPath)
        try early.send(.position(ReportedPosition(position: .origin, covariance: [1, 0, 0, 1], time: .seconds(5))))
        early.expectError(containing: "after the turn's time")

        let old = try RawServiceClient(path: service.socketPath)
        try old.send(.hello(version: 4, device: "carol"))
        guard case .welcome(let version, _, _) = try old.reply() else {
            Issue.record("no WELCOME for an app of version 4")
            return
        }
        #expect(version == 4)
        try old.send(Self.fix(x: 0, z: 0))
        old.expectError(containing: "REPORT POSITION from an app that said HELLO 4; only version 5 and later send it")
    }
}
