import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

/// Unplugging a board during ranging.
///
/// An unplugged emulated board whose interrupt line is asserted is serviced every 2 µs of virtual
/// time for ever (see ``unpluggedBoardIsNotPolledForEver()``), which makes each virtual second after
/// an unplug cost seconds of wall time; these tests therefore run as little virtual time after the
/// unplug as they can, and the peer's timeout is checked with a short removal timeout.
@Suite("Sessions: radio failure")
struct RadioFailureSessionTests {
    /// Alice's emulated device (the first of the pair's world).
    static func aliceDevice(of pair: SessionPair) throws -> EmulatedDevice {
        try #require(pair.world.emulation.devices.first { $0.name == "alice" })
    }

    /// Alice and Bob 4 m apart, ranging for 2 s, and a second session of Alice's waiting for a peer
    /// that never runs.
    static func ranging(settings: DeviceServiceSettings = DeviceServiceSettings())
        throws -> (pair: SessionPair, second: NISession, secondLog: SessionRecorder) {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0), settings: settings)
        let secondLog = SessionRecorder(name: "alice-second")
        let second = try pair.world.session(on: "alice", recorder: secondLog)
        try pair.run()
        second.run(try SessionWorld.configuration(
            naming: try pair.world.session(on: "bob", recorder: SessionRecorder(name: "unused"))))
        pair.world.advance(by: .seconds(2))
        #expect(pair.aliceLog.distances.count >= 15)
        #expect(secondLog.calls == [.started])
        return (pair, second, secondLog)
    }

    @Test("unplugging the board invalidates every session on it with .sessionFailed at once, and later runs too")
    func unplugDuringRanging() throws {
        let (pair, second, secondLog) = try Self.ranging()
        try Self.aliceDevice(of: pair).unplug()
        let timelines = pair.world.advance(by: .milliseconds(100), step: .milliseconds(10), watching: [pair.aliceLog, secondLog])

        // Both of Alice's sessions: invalidated within 100 ms (the next interrupt), nothing after.
        for timeline in timelines {
            let lifecycle = timeline.filter { !$0.isUpdate }
            #expect(lifecycle.map(\.call) == [.invalidated(.sessionFailed)])
            #expect(timeline.last == lifecycle.first)
        }
        #expect(pair.aliceLog.errors.first?.detail?.contains("emulator:alice") == true)

        // A new session on the unplugged device is invalidated at run; the old ones stay invalidated.
        let lateLog = SessionRecorder(name: "alice-late")
        let late = try pair.world.session(on: "alice", recorder: lateLog)
        late.run(try SessionWorld.configuration(naming: pair.bob))
        second.run(try SessionWorld.configuration(naming: pair.bob))
        pair.world.advance(by: .milliseconds(10))
        #expect(lateLog.calls == [.invalidated(.sessionFailed)])
        #expect(secondLog.calls == [.started, .invalidated(.sessionFailed), .invalidated(.sessionFailed)])
    }

    @Test("the peer of an unplugged board is removed with .timeout one removal timeout after its last update")
    func peerTimesOut() throws {
        let timeout = Duration.milliseconds(300)
        let (pair, _, _) = try Self.ranging(settings: DeviceServiceSettings(removalTimeout: timeout))
        let before = pair.world.advance(by: .milliseconds(200), step: .milliseconds(10), watching: pair.logs)
        try Self.aliceDevice(of: pair).unplug()
        let after = pair.world.advance(by: timeout + .milliseconds(200), step: .milliseconds(10), watching: pair.logs)
        let bob = before[1] + after[1]
        #expect(after[1].filter { !$0.isUpdate }.map(\.call) == [.removed(.timeout)])
        if let removal = bob.first(where: { !$0.isUpdate }), let last = bob.last(where: \.isUpdate) {
            let silence = removal.time - last.time
            #expect(silence > timeout - .milliseconds(10) && silence < timeout + .milliseconds(50), "removed \(silence) after the last update")
            #expect(bob.last == removal)
        }
        #expect(after[0].map(\.call) == [.invalidated(.sessionFailed)])
    }

    @Test("a board unplugged before any session ran: the first run is invalidated with .sessionFailed")
    func unplugBeforeRun() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        pair.world.advance(by: .milliseconds(100))
        try Self.aliceDevice(of: pair).unplug()
        try pair.run()
        pair.world.advance(by: .seconds(1))
        #expect(pair.aliceLog.calls == [.invalidated(.sessionFailed)])
        #expect(pair.bobLog.calls == [.started])
    }

    @Test("an unplugged board is not serviced over and over")
    func unpluggedBoardIsNotPolledForEver() throws {
        let (pair, _, _) = try Self.ranging()
        let device = try Self.aliceDevice(of: pair)
        device.unplug()
        pair.world.advance(by: .milliseconds(100))
        // The failure is reported once per chip, not every interrupt latency.
        #expect(device.radio.errors.count == device.chips.count, "\(device.radio.errors.count) errors in 100 ms")
    }
}
