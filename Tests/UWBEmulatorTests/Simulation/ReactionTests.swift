import Foundation
import Testing
import UWBCore
import UWBEmulator

/// Reactions: app code (a delegate callback) the simulator hands to an app's queue. The simulator
/// waits for each before its next event, so what the app does in response happens at a defined
/// virtual instant, whatever the threads do.
@Suite("Reactions on virtual time")
struct ReactionTests {
    @Test("reactions run on their queues one at a time, in order, before the next event; what they post runs at their instant")
    func reactionsRunAtTheirInstant() {
        // Read only on the simulator's thread: by events and by the work reactions post.
        nonisolated(unsafe) let simulator = Simulator()
        let log = Log()
        let name = DispatchSpecificKey<String>()
        let queues = ["app-1", "app-2"].map { label in
            let queue = DispatchQueue(label: label)
            queue.setSpecific(key: name, value: label)
            return queue
        }
        let inbox = simulator.inbox
        simulator.schedule(at: SimulationTime(seconds: 1)) {
            log.append("event 1 at \(simulator.now)")
            for (index, queue) in queues.enumerated() {
                inbox.deliver(on: queue) {
                    log.append("reaction \(index + 1) on \(DispatchQueue.getSpecific(key: name) ?? "another queue")")
                    inbox.post { log.append("posted \(index + 1) at \(simulator.now)") }
                }
            }
        }
        simulator.schedule(at: SimulationTime(seconds: 1)) { log.append("event 2 at \(simulator.now)") }
        simulator.schedule(at: SimulationTime(seconds: 2)) { log.append("event 3 at \(simulator.now)") }
        simulator.run(until: SimulationTime(seconds: 3))
        #expect(log.entries == [
            "event 1 at 1.000000 s",
            "reaction 1 on app-1",
            "reaction 2 on app-2",
            "event 2 at 1.000000 s",
            "posted 1 at 1.000000 s",
            "posted 2 at 1.000000 s",
            "event 3 at 2.000000 s",
        ])
    }

    @Test("a paced run waits for reactions too")
    func pacedRunWaits() {
        // Read only on the simulator's thread: by events and by the work reactions post.
        nonisolated(unsafe) let simulator = Simulator()
        let log = Log()
        let queue = DispatchQueue(label: "app")
        let inbox = simulator.inbox
        simulator.schedule(at: SimulationTime(seconds: 1)) {
            inbox.deliver(on: queue) { inbox.post { log.append("posted at \(simulator.now)") } }
        }
        simulator.schedule(at: SimulationTime(seconds: 1.5)) { log.append("event at \(simulator.now)") }
        simulator.run(until: SimulationTime(seconds: 2), pacing: WakeablePacing(), rate: 1)
        #expect(log.entries == ["posted at 1.000000 s", "event at 1.500000 s"])
    }
}

/// Lines appended from any thread.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var entries: [String] {
        lock.withLock { lines }
    }
}
