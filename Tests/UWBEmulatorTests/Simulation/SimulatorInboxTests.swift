import Testing
import UWBCore
@testable import UWBEmulator

@Suite("LoopInbox: work from other threads, unpaced and paced")
struct LoopInboxTests {
    static func ms(_ value: Double) -> SimulationTime { SimulationTime(seconds: value / 1000) }

    @Test("work posted from another thread before a run runs at the current time, in FIFO order, before later events")
    func postedBeforeRun() {
        let simulator = Simulator()
        let log = SimulationLog(simulator: simulator)
        simulator.run(until: Self.ms(1))
        simulator.schedule(at: Self.ms(2)) { log.record("later") }
        let inbox = simulator.inbox
        onAnotherThread {
            for index in 1...5 {
                inbox.post { log.record("posted \(index)") }
            }
        }
        #expect(inbox.hasWork)
        simulator.run(until: Self.ms(5))
        #expect(log.names == (1...5).map { "posted \($0)" } + ["later"])
        #expect((1...5).allSatisfy { log.times["posted \($0)"] == Self.ms(1) })
        #expect(log.times["later"] == Self.ms(2))
        #expect(!inbox.hasWork)
    }

    @Test("work posted from another thread during an unpaced run is picked up at that event's time")
    func postedDuringRun() {
        let simulator = Simulator()
        let log = SimulationLog(simulator: simulator)
        let inbox = simulator.inbox
        simulator.schedule(at: Self.ms(1)) {
            log.record("poster")
            onAnotherThread { inbox.post { log.record("posted") } }
        }
        simulator.schedule(at: Self.ms(2)) { log.record("later") }
        simulator.run(until: Self.ms(5))
        #expect(log.names == ["poster", "posted", "later"])
        #expect(log.times["posted"] == Self.ms(1))
        #expect(simulator.now == Self.ms(5))
    }

    @Test("a paced run woken by posted work keeps the scheduled events' times and order", arguments: [1.0, 2, 0.5])
    func pacedRunKeepsEvents(rate: Double) throws {
        let (plain, plainLog) = PacingTests.world()
        plain.run(until: Self.ms(10))
        let (paced, pacedLog) = PacingTests.world()
        let log = SimulationLog(simulator: paced)
        // The work arrives when the wall clock stands at 3 ms of virtual time (3 ms / rate of wall
        // time): between c (2.5 ms) and d (3.5 ms).
        let pacing = WakeablePacing(arrivals: [.init(wallTime: 0.003 / rate) { log.record("posted") }])
        paced.run(until: Self.ms(10), pacing: pacing, rate: rate)
        #expect(pacedLog().map(\.0) == plainLog().map(\.0))
        #expect(pacedLog().map(\.1) == plainLog().map(\.1))
        #expect(log.names == ["posted"])
        let posted = try #require(log.times["posted"])
        #expect(posted >= Self.ms(2.5) && posted < Self.ms(3.5), "the posted work runs after c and before d: \(posted)")
        #expect(paced.now == Self.ms(10))
        #expect(paced.eventsRun == plain.eventsRun + 1)
    }

    @Test("posted work runs at the virtual time the wall clock reached, scaled by the rate", arguments: [1.0, 2, 0.5])
    func postedWorkAtReachedTime(rate: Double) {
        let (paced, _) = PacingTests.world()
        let log = SimulationLog(simulator: paced)
        let pacing = WakeablePacing(arrivals: [.init(wallTime: 0.003 / rate) { log.record("posted") }])
        paced.run(until: Self.ms(10), pacing: pacing, rate: rate)
        #expect(log.times["posted"] == Self.ms(3))
    }

    /// A pacing whose clock has moved on a millisecond each time it is read: as the wall clock moves
    /// on between a run's start and its first look at the inbox on a loaded machine.
    final class CreepingPacing: Pacing {
        private var clock = 0.0

        func elapsed() -> Double {
            clock += 0.001
            return clock
        }

        func wait(until seconds: Double) {
            clock = max(clock, seconds)
        }
    }

    @Test("work posted before a paced run runs at the run's start, as in an unpaced run, however the wall clock moves meanwhile")
    func postedBeforePacedRun() {
        let simulator = Simulator()
        let log = SimulationLog(simulator: simulator)
        simulator.run(until: Self.ms(1))
        simulator.inbox.post { log.record("posted") }
        simulator.run(until: Self.ms(5), pacing: CreepingPacing(), rate: 1)
        #expect(log.names == ["posted"])
        #expect(log.times["posted"] == Self.ms(1))
    }

    @Test("a paced run of an empty queue, woken by posted work, runs it at the reached time and ends at end")
    func emptyQueueWoken() {
        let simulator = Simulator()
        let log = SimulationLog(simulator: simulator)
        let pacing = WakeablePacing(arrivals: [.init(wallTime: 0.002) { log.record("posted") }])
        simulator.run(until: Self.ms(5), pacing: pacing, rate: 1)
        #expect(log.names == ["posted"])
        #expect(simulator.now == Self.ms(5))
        #expect(pacing.elapsed() == 0.005, "the run waited for its end")
        #expect(log.times["posted"] == Self.ms(2))
    }

    @Test("a paced run of an empty queue waits for its end and ends there")
    func emptyQueue() {
        let simulator = Simulator()
        let pacing = WakeablePacing()
        simulator.run(until: Self.ms(5), pacing: pacing, rate: 0.5)
        #expect(simulator.now == Self.ms(5))
        #expect(pacing.waits == [0.01])
        #expect(simulator.eventsRun == 0)
    }
}
