import Testing
import UWBCore
@testable import UWBEmulator

/// A pacing that never sleeps: it records every wait and moves its own clock to the time waited for.
final class RecordingPacing: Pacing {
    private(set) var clock: Double
    private(set) var waits: [Double] = []

    init(startingAt clock: Double = 0) {
        self.clock = clock
    }

    func elapsed() -> Double { clock }

    func wait(until seconds: Double) {
        waits.append(seconds)
        clock = max(clock, seconds)
    }
}

@Suite("Paced runs: same events, same order, waits scaled by the rate")
struct PacingTests {
    /// A simulator with events at 1, 2.5 and 2.5 ms (one scheduling another 1 ms later) and a log of (name, time).
    static func world() -> (Simulator, () -> [(String, SimulationTime)]) {
        let simulator = Simulator()
        var log: [(String, SimulationTime)] = []
        simulator.schedule(at: SimulationTime(seconds: 0.001)) { log.append(("a", simulator.now)) }
        simulator.schedule(at: SimulationTime(seconds: 0.0025)) {
            log.append(("b", simulator.now))
            simulator.schedule(after: .milliseconds(1)) { log.append(("d", simulator.now)) }
        }
        simulator.schedule(at: SimulationTime(seconds: 0.0025)) { log.append(("c", simulator.now)) }
        simulator.schedule(at: SimulationTime(seconds: 0.5)) { log.append(("late", simulator.now)) }
        return (simulator, { log })
    }

    @Test("a paced run executes the same events in the same order as an unpaced one", arguments: [1.0, 0.5, 10])
    func sameEvents(rate: Double) {
        let (plain, plainLog) = Self.world()
        plain.run(until: SimulationTime(seconds: 0.01))
        let (paced, pacedLog) = Self.world()
        paced.run(until: SimulationTime(seconds: 0.01), pacing: RecordingPacing(), rate: rate)
        #expect(pacedLog().map(\.0) == plainLog().map(\.0))
        #expect(pacedLog().map(\.1) == plainLog().map(\.1))
        #expect(pacedLog().map(\.0) == ["a", "b", "c", "d"])
        #expect(paced.now == plain.now)
        #expect(paced.eventsRun == plain.eventsRun)
    }

    @Test("each event waits for its virtual time divided by the rate, and the run waits for its end", arguments: [1.0, 0.5, 4])
    func waitsScaledByRate(rate: Double) {
        let (simulator, _) = Self.world()
        let pacing = RecordingPacing()
        simulator.run(until: SimulationTime(seconds: 0.01), pacing: pacing, rate: rate)
        let expected = [0.001, 0.0025, 0.0025, 0.0035, 0.01].map { $0 / rate }
        #expect(pacing.waits.count == expected.count)
        for (wait, value) in zip(pacing.waits, expected) {
            #expect(abs(wait - value) < 1e-12)
        }
    }

    @Test("a second paced run waits from where the pacing's clock stands when it starts")
    func consecutiveRuns() {
        let (simulator, log) = Self.world()
        let pacing = RecordingPacing()
        simulator.run(until: SimulationTime(seconds: 0.002), pacing: pacing, rate: 1)
        #expect(pacing.elapsed() == 0.002)
        // Wall time passes between the runs (a slow host, a pause): 1 s.
        pacing.wait(until: 1.002)
        simulator.run(until: SimulationTime(seconds: 0.01), pacing: pacing, rate: 1)
        #expect(log().map(\.0) == ["a", "b", "c", "d"])
        let secondRun = Array(pacing.waits.suffix(4))
        let expected = [1.0025, 1.0025, 1.0035, 1.01]
        for (wait, value) in zip(secondRun, expected) {
            #expect(abs(wait - value) < 1e-12)
        }
    }

    @Test("a rate that is not positive runs unpaced instead of waiting forever", arguments: [0.0, -1])
    func nonPositiveRate(rate: Double) {
        let (simulator, log) = Self.world()
        let pacing = RecordingPacing()
        simulator.run(until: SimulationTime(seconds: 0.01), pacing: pacing, rate: rate)
        #expect(log().map(\.0) == ["a", "b", "c", "d"])
        #expect(pacing.waits.isEmpty)
        #expect(simulator.now == SimulationTime(seconds: 0.01))
    }
}
