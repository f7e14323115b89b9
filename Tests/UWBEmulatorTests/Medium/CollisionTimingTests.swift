import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// The collision model (`Docs/emulator.md`, "The medium and the channel"): a frame the receiver is
/// locked onto is spoiled by any other frame that overlaps it at the antenna and is no more than
/// `Medium.captureMargin` (6 dB) weaker; the chip stays locked onto the first frame whose preamble it
/// heard, reports a spoiled frame as a frame-check failure (RXFCE), and does not hear a frame that
/// arrives while it is receiving. Timings here come from the frame's airtime (`RadioConfig.airtime`).
@Suite("Collisions: timing from airtime, capture margin, what the chip reports")
struct CollisionTimingTests {
    /// The wanted frame's payload: long enough that its airtime dwarfs every margin used here.
    static let wantedPayload = 60
    /// The interferer's payload.
    static let interfererPayload = 4

    /// The airtime of the wanted frame under the emulation's default configuration: its PHY payload
    /// is the MAC frame plus the 2-octet FCS.
    static var wantedAirtime: Duration {
        RadioConfig.ranging.airtime(frameLength: CollisionTests.frame(payload: wantedPayload).count + 2)
    }

    /// What bob, listening at the origin and listening again after every event, makes of alice's
    /// wanted frame (sent at 1 ms from 3 m) and carol's interferer (sent `offset` after alice's, from
    /// `carolDistance`): his statistics and the events his driver reported.
    static func run(carolDistance: Double, offset: Duration) throws -> (statistics: DeviceStatistics, events: [TransceiverEvent]) {
        let world = try WorldFixtures.freeSpace()
        var events: [TransceiverEvent] = []
        try world.add(WorldFixtures.device("bob", at: .zero)) {
            ClosureApplication(
                on: $0,
                onStart: { radio in try? radio.primary.enableReceiver(.untilTurnedOff) },
                onEvent: { event, _, radio in
                    events.append(event)
                    try? radio.primary.enableReceiver(.untilTurnedOff)
                })
        }
        try world.add(WorldFixtures.device("alice", at: Vector3(x: 0, y: 0, z: -3)),
                      application: CollisionTests.sender(at: .milliseconds(1), payload: wantedPayload))
        try world.add(WorldFixtures.device("carol", at: Vector3(x: 0, y: 0, z: -carolDistance)),
                      application: CollisionTests.sender(at: .milliseconds(1) + offset, payload: interfererPayload))
        world.run(until: SimulationTime(seconds: 0.01))
        return (world.statistics[0], events)
    }

    @Test("an equally strong frame starting 1 µs before the wanted frame ends spoils it: the chip reports a frame-check failure and does not hear the interferer")
    func overlapAtTheEnd() throws {
        let bob = try Self.run(carolDistance: 3, offset: Self.wantedAirtime - .microseconds(1))
        #expect(bob.statistics.collided == 1)
        #expect(bob.statistics.received == 0)
        #expect(bob.events == [.receiveFailed(.frameCheckFailed)])
    }

    @Test("an equally strong frame starting 1 µs after the wanted frame ends leaves it intact (the receiver, still starting up, misses the second)")
    func justAfterTheEnd() throws {
        let bob = try Self.run(carolDistance: 3, offset: Self.wantedAirtime + .microseconds(1))
        #expect(bob.statistics.collided == 0)
        #expect(bob.statistics.received == 1)
        #expect(bob.events.count == 1)
        guard case .frameReceived(let frame) = bob.events.first else {
            Issue.record("expected the wanted frame, got \(bob.events)")
            return
        }
        #expect(frame.frame == CollisionTests.frame(payload: Self.wantedPayload))
    }

    @Test("frames 100 µs apart are both received")
    func apart() throws {
        let bob = try Self.run(carolDistance: 3, offset: Self.wantedAirtime + .microseconds(100))
        #expect(bob.statistics.collided == 0)
        #expect(bob.statistics.received == 2)
        #expect(bob.events.count == 2)
        #expect(bob.events.allSatisfy { if case .frameReceived = $0 { true } else { false } })
    }

    @Test("no capture of a later, stronger frame: a weak frame the chip locked onto first is spoiled by a strong one, which is not heard")
    func strongerLaterFrame() throws {
        // Carol at 12 m (12 dB weaker) starts 5 µs before alice: bob locks onto carol's frame.
        let bob = try Self.run(carolDistance: 12, offset: .microseconds(-5))
        #expect(bob.statistics.collided == 1)
        #expect(bob.statistics.received == 0)
        #expect(bob.events == [.receiveFailed(.frameCheckFailed)])
    }

    @Test("the capture margin: an interferer less than 6 dB weaker spoils the wanted frame, one more than 6 dB weaker does not",
          arguments: [(5.4, true), (5.7, true), (6.3, false), (6.6, false)])
    func captureMargin(carolDistance: Double, collides: Bool) throws {
        // Free space: carol is 20·log10(d / 3 m) dB weaker (5.1 dB at 5.4 m, 6.9 dB at 6.6 m). Her frame
        // starts and ends inside alice's.
        let bob = try Self.run(carolDistance: carolDistance, offset: .microseconds(20))
        #expect(bob.statistics.collided == (collides ? 1 : 0))
        #expect(bob.statistics.received == (collides ? 0 : 1))
    }
}
