import Logging
import NearbyInteraction
import Testing
import UWBCore
import UWBTestSupport

/// What the device service and its sessions log: refusals at `warning` with the session and the
/// device, the sessions' story at `info`, measurements only at `trace`.
@Suite("Sessions: logging")
struct SessionLoggingTests {
    /// Alice and Bob 4 m apart, their device services logging to `capture`.
    static func world(_ capture: LogCapture, settings: DeviceServiceSettings = DeviceServiceSettings()) throws -> SessionWorld {
        try SessionWorld(
            devices: [SessionWorld.device("alice", at: .zero), SessionWorld.device("bob", at: Vector3(x: 4, y: 0, z: 0))],
            settings: settings, logger: capture.logger)
    }

    @Test("a session refused at run (its own token): a warning with the session, the device and the NIError")
    func refusedAtRun() throws {
        let capture = LogCapture(level: .info)
        let world = try Self.world(capture)
        let recorder = SessionRecorder(name: "alice")
        let alice = try world.session(on: "alice", recorder: recorder)
        alice.run(try SessionWorld.configuration(naming: alice))
        world.advance(by: .milliseconds(500))
        #expect(recorder.calls == [.invalidated(.invalidConfiguration)])
        let warning = try #require(capture.entries(saying: "session refused").first)
        #expect(warning.level == .warning)
        #expect(warning.metadata[LogMetadataKey.device]?.description == (try world.service("alice")).deviceName)
        #expect(warning.metadata[LogMetadataKey.session]?.description.count == 32)
        #expect(warning.metadata["ni.code"] == "invalidConfiguration")
    }

    @Test("a session over the device's limit: a warning naming activeSessionsLimitExceeded, after the first one's info")
    func refusedByTheService() throws {
        let capture = LogCapture(level: .info)
        let world = try Self.world(capture, settings: DeviceServiceSettings(maximumSessions: 1))
        let recorders = [SessionRecorder(name: "a1"), SessionRecorder(name: "a2"), SessionRecorder(name: "b1"), SessionRecorder(name: "b2")]
        let a1 = try world.session(on: "alice", recorder: recorders[0])
        let a2 = try world.session(on: "alice", recorder: recorders[1])
        let b1 = try world.session(on: "bob", recorder: recorders[2])
        let b2 = try world.session(on: "bob", recorder: recorders[3])
        try SessionWorld.pair(a1, b1)
        world.advance(by: .milliseconds(300))
        a2.run(try SessionWorld.configuration(naming: b2))
        world.advance(by: .milliseconds(300))
        #expect(recorders[1].calls == [.invalidated(.activeSessionsLimitExceeded)])
        let running = capture.entries(saying: "session running")
        #expect(running.count == 2)
        #expect(running.allSatisfy { $0.level == .info && $0.metadata[LogMetadataKey.session] != nil })
        let warning = try #require(capture.entries(saying: "session invalidated").first)
        #expect(warning.level == .warning)
        #expect(warning.metadata["ni.code"] == "activeSessionsLimitExceeded")
        #expect(warning.metadata[LogMetadataKey.device]?.description == (try world.service("alice")).deviceName)
        #expect(warning.metadata[LogMetadataKey.session] != nil)
        #expect(capture.entries(at: .trace).isEmpty)
        withExtendedLifetime([a1, a2, b1, b2]) {}
    }

    @Test("at trace, every measurement is logged with its session")
    func measurementsAtTrace() throws {
        let capture = LogCapture(level: .trace)
        let world = try Self.world(capture)
        let recorders = [SessionRecorder(name: "alice"), SessionRecorder(name: "bob")]
        let alice = try world.session(on: "alice", recorder: recorders[0])
        let bob = try world.session(on: "bob", recorder: recorders[1])
        try SessionWorld.pair(alice, bob)
        world.advance(by: .seconds(1))
        let measurements = capture.entries.filter { $0.level == .trace && $0.message.description.hasPrefix("measurement") }
        #expect(!measurements.isEmpty)
        #expect(measurements.allSatisfy { $0.metadata[LogMetadataKey.session] != nil })
        withExtendedLifetime([alice, bob]) {}
    }
}
