import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBRanging

@Suite("Sessions: the event sequence")
struct SessionEventSequenceTests {
    /// Every event of `stream` until it ends. The emulation has already run, so the events are
    /// buffered and the loop ends as soon as it reaches the end of the sequence.
    static func collect(_ stream: AsyncStream<NISession.Event>) async -> [NISession.Event] {
        await Task {
            var events: [NISession.Event] = []
            for await event in stream {
                events.append(event)
            }
            return events
        }.value
    }

    /// The measurements of the updates among `events`, with their nearby objects.
    static func updates(in events: [NISession.Event]) -> [(object: NINearbyObject, measurement: RangingMeasurement)] {
        events.compactMap { if case .didUpdate(let object, let measurement) = $0 { (object, measurement) } else { nil } }
    }

    @Test("started, then updates with raw distances near the truth, then .sessionFailed when the radio goes; then the sequence ends")
    func endsOnRadioFailure() async throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let stream = pair.alice.events(bufferingNewest: 1_000)
        try pair.run()
        pair.world.advance(by: .seconds(2))
        try #require(pair.world.emulation.devices.first { $0.name == "alice" }).unplug()
        // Kept short: an unplugged board costs wall time (see RadioFailureSessionTests).
        pair.world.advance(by: .milliseconds(100))

        let events = await Self.collect(stream)
        guard case .didStartRunning = events.first else {
            Issue.record("first event: \(String(describing: events.first))")
            return
        }
        let updates = Self.updates(in: events)
        #expect(updates.count >= 15)
        #expect(updates.count == pair.aliceLog.updates.count, "the delegate and the sequence see the same updates")
        let bobToken = try #require(pair.bob.discoveryToken)
        for (object, measurement) in updates {
            #expect(object.discoveryToken == bobToken)
            let raw = try #require(measurement.rawDistance)
            #expect(abs(raw.metres - 4) < 0.3, "raw \(raw)")
            #expect(object.distance.map { abs(Double($0) - (measurement.distance?.metres ?? 0)) < 1e-3 } == true)
        }
        let times = updates.map(\.measurement.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        guard case .didInvalidate(let error) = events.last else {
            Issue.record("last event: \(String(describing: events.last))")
            return
        }
        #expect(error.code == .sessionFailed)
        #expect(events.count == updates.count + 2)
    }

    @Test("after invalidate() the sequence ends without an invalidation event; a sequence asked for later is empty")
    func endsOnInvalidate() async throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let stream = pair.alice.events()
        try pair.run()
        pair.world.advance(by: .seconds(1))
        pair.alice.invalidate()
        pair.world.advance(by: .seconds(1))

        let events = await Self.collect(stream)
        guard case .didStartRunning = events.first else {
            Issue.record("first event: \(String(describing: events.first))")
            return
        }
        #expect(Self.updates(in: events).count == events.count - 1)
        #expect(events.count >= 8)
        #expect(await Self.collect(pair.alice.events()).isEmpty)
    }

    @Test("a sequence keeps the newest events up to its limit, and sees only what comes after it is made")
    func bufferingAndLateSubscribers() async throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let small = pair.alice.events(bufferingNewest: 3)
        try pair.run()
        pair.world.advance(by: .seconds(1))
        let late = pair.alice.events()
        pair.world.advance(by: .seconds(1))
        let lateUpdates = pair.aliceLog.updates.count
        pair.alice.invalidate()

        let newest = await Self.collect(small)
        #expect(newest.count == 3)
        #expect(Self.updates(in: newest).count == 3)
        let fromLate = await Self.collect(late)
        #expect(Self.updates(in: fromLate).count == fromLate.count)
        #expect(fromLate.count >= 8 && fromLate.count < lateUpdates)
        // The newest three are the last three of the later sequence.
        #expect(Self.updates(in: newest).map(\.measurement.time) == Self.updates(in: fromLate).suffix(3).map(\.measurement.time))
    }

    @Test("the sequence reports removals and suspensions as the delegate does")
    func lifecycleEvents() async throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let stream = pair.alice.events()
        try pair.run()
        pair.world.advance(by: .seconds(1))
        pair.bob.invalidate()
        pair.world.advance(by: .milliseconds(300))
        let service = try pair.world.service("alice")
        service.suspendSessions()
        pair.world.advance(by: .milliseconds(10))
        service.endSuspension()
        pair.world.advance(by: .milliseconds(10))
        pair.alice.invalidate()

        let lifecycle = await Self.collect(stream).compactMap { event -> String? in
            switch event {
            case .didStartRunning: "started"
            case .didUpdate, .didUpdateDLTDOA, .didGenerateShareableConfigurationData: nil
            case .didRemove(_, let reason): "removed \(reason.rawValue)"
            case .wasSuspended: "suspended"
            case .suspensionEnded: "suspension ended"
            case .didInvalidate(let error): "invalidated \(error.code)"
            }
        }
        #expect(lifecycle == ["started", "removed \(NINearbyObject.RemovalReason.peerEnded.rawValue)", "suspended", "suspension ended"])
        #expect(pair.aliceLog.lifecycle == [.started, .removed(.peerEnded), .suspended, .suspensionEnded])
    }
}
