import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Simulator: event order, cancellation and time")
struct SimulatorTests {
    @Test("events at the same time run in scheduling order; earlier times first")
    func ordering() {
        let simulator = Simulator()
        var log: [String] = []
        let t1 = SimulationTime(picoseconds: 1_000)
        let t2 = SimulationTime(picoseconds: 2_000)
        simulator.schedule(at: t2) { log.append("b1") }
        simulator.schedule(at: t1) { log.append("a1") }
        simulator.schedule(at: t2) { log.append("b2") }
        simulator.schedule(at: t1) { log.append("a2") }
        for index in 0..<20 {
            simulator.schedule(at: t2) { log.append("c\(index)") }
        }
        simulator.run(until: SimulationTime(picoseconds: 5_000))
        #expect(log == ["a1", "a2", "b1", "b2"] + (0..<20).map { "c\($0)" })
        #expect(simulator.eventsRun == 24)
    }

    @Test("an event scheduled by an event for the same instant runs after those already queued")
    func sameInstantFromAnEvent() {
        let simulator = Simulator()
        var log: [String] = []
        let time = SimulationTime(picoseconds: 10)
        simulator.schedule(at: time) {
            log.append("first")
            simulator.schedule(at: time) { log.append("spawned") }
        }
        simulator.schedule(at: time) { log.append("second") }
        simulator.run(until: time)
        #expect(log == ["first", "second", "spawned"])
    }

    @Test("a time in the past is treated as now")
    func pastTime() {
        let simulator = Simulator()
        simulator.run(until: SimulationTime(picoseconds: 100))
        var ranAt: SimulationTime?
        simulator.schedule(at: SimulationTime(picoseconds: 10)) { ranAt = simulator.now }
        simulator.run(until: SimulationTime(picoseconds: 200))
        #expect(ranAt == SimulationTime(picoseconds: 100))
    }

    @Test("cancel removes an event, including the head of the queue; cancelling a past event does nothing")
    func cancellation() {
        let simulator = Simulator()
        var log: [Int] = []
        let head = simulator.schedule(at: SimulationTime(picoseconds: 1)) { log.append(1) }
        let middle = simulator.schedule(at: SimulationTime(picoseconds: 2)) { log.append(2) }
        simulator.schedule(at: SimulationTime(picoseconds: 3)) { log.append(3) }
        simulator.cancel(head)
        #expect(simulator.nextEventTime == SimulationTime(picoseconds: 2))
        simulator.cancel(middle)
        #expect(simulator.nextEventTime == SimulationTime(picoseconds: 3))
        simulator.run(until: SimulationTime(picoseconds: 10))
        #expect(log == [3])
        simulator.cancel(head)
        let later = simulator.schedule(at: SimulationTime(picoseconds: 20)) { log.append(4) }
        simulator.run(until: SimulationTime(picoseconds: 30))
        #expect(log == [3, 4])
        #expect(later !== head)
        #expect(simulator.eventsRun == 2)
    }

    @Test("an event can cancel a later one at the same instant")
    func cancelFromAnEvent() {
        let simulator = Simulator()
        var log: [Int] = []
        var victim: ScheduledEvent?
        simulator.schedule(at: SimulationTime(picoseconds: 5)) {
            log.append(1)
            victim.map(simulator.cancel)
        }
        victim = simulator.schedule(at: SimulationTime(picoseconds: 5)) { log.append(2) }
        simulator.run(until: SimulationTime(picoseconds: 5))
        #expect(log == [1])
    }

    @Test("run(until:) leaves now at the end, even with no events, and never moves time back")
    func runLeavesNowAtEnd() {
        let simulator = Simulator()
        simulator.schedule(at: SimulationTime(picoseconds: 40)) {}
        simulator.run(until: SimulationTime(picoseconds: 100))
        #expect(simulator.now == SimulationTime(picoseconds: 100))
        simulator.run(until: SimulationTime(picoseconds: 250))
        #expect(simulator.now == SimulationTime(picoseconds: 250))
        simulator.run(until: SimulationTime(picoseconds: 200))
        #expect(simulator.now == SimulationTime(picoseconds: 250))
    }

    @Test("run(until:) runs an event exactly at the end and leaves later ones queued")
    func runBoundary() {
        let simulator = Simulator()
        var log: [Int] = []
        simulator.schedule(at: SimulationTime(picoseconds: 100)) { log.append(100) }
        simulator.schedule(at: SimulationTime(picoseconds: 101)) { log.append(101) }
        simulator.run(until: SimulationTime(picoseconds: 100))
        #expect(log == [100])
        #expect(simulator.nextEventTime == SimulationTime(picoseconds: 101))
    }

    @Test("step(notAfter:) runs one due event, moving now to its time, and refuses later ones")
    func stepping() {
        let simulator = Simulator()
        var log: [Int] = []
        simulator.schedule(at: SimulationTime(picoseconds: 10)) { log.append(10) }
        simulator.schedule(at: SimulationTime(picoseconds: 20)) { log.append(20) }
        #expect(!simulator.step(notAfter: SimulationTime(picoseconds: 5)))
        #expect(simulator.now == .zero)
        #expect(simulator.step(notAfter: SimulationTime(picoseconds: 15)))
        #expect(simulator.now == SimulationTime(picoseconds: 10))
        #expect(log == [10])
        #expect(!simulator.step(notAfter: SimulationTime(picoseconds: 15)))
        #expect(simulator.step(notAfter: SimulationTime(picoseconds: 20)))
        #expect(!simulator.step(notAfter: SimulationTime(picoseconds: 1_000)))
        #expect(simulator.now == SimulationTime(picoseconds: 20))
        #expect(simulator.nextEventTime == nil)
    }

    @Test("schedule(after:) counts from now")
    func scheduleAfter() {
        let simulator = Simulator()
        simulator.run(until: SimulationTime(seconds: 1))
        var ranAt: SimulationTime?
        simulator.schedule(after: .microseconds(16)) { ranAt = simulator.now }
        simulator.run(until: SimulationTime(seconds: 2))
        #expect(ranAt == SimulationTime(picoseconds: 1_000_016_000_000))
    }

    @Test("many events in random order come out sorted by (time, scheduling order)")
    func heapOrder() {
        let simulator = Simulator()
        var random = SeededRandom(seed: 11)
        var expected: [(Int64, Int)] = []
        var log: [Int] = []
        for index in 0..<500 {
            let time = Int64(random.next() % 50)
            expected.append((time, index))
            simulator.schedule(at: SimulationTime(picoseconds: time)) { log.append(index) }
        }
        simulator.run(until: SimulationTime(picoseconds: 100))
        #expect(log == expected.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }.map(\.1))
    }
}
