import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Oscillator: rate, drift and inverse mapping")
struct OscillatorTests {
    @Test("ticks over 10 s at +20 ppm = 10 × 63.8976e9 × (1 + 20e-6) within one tick", arguments: [20.0, -20, 0])
    func ticksAtOffset(offset: Double) {
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: offset), drift: 0, random: SeededRandom(seed: 1))
        let expected = 10 * 63.8976e9 * (1 + offset * 1e-6)
        #expect(abs(oscillator.ticks(at: SimulationTime(seconds: 10)) - expected) < 1)
        #expect(abs(oscillator.ticks(at: SimulationTime(seconds: 2.5)) - expected / 4) < 1)
    }

    @Test("the drift random walk is reproducible per seed and differs between seeds")
    func reproducible() {
        func walk(_ seed: UInt64) -> [Double] {
            let oscillator = Oscillator(offset: .zero, drift: 0.02, random: SeededRandom(seed: seed))
            return (0...30).map { oscillator.offset(at: SimulationTime(seconds: Double($0))).partsPerMillion }
        }
        #expect(walk(5) == walk(5))
        #expect(walk(5) != walk(6))
        #expect(walk(5)[0] == 0)
    }

    @Test("the offset is constant within a step and steps once per second")
    func stepsOncePerSecond() {
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: 3), drift: 0.1, random: SeededRandom(seed: 2))
        #expect(oscillator.offset(at: SimulationTime(seconds: 0.999)).partsPerMillion == 3)
        let second = oscillator.offset(at: SimulationTime(seconds: 1))
        #expect(second.partsPerMillion != 3)
        #expect(oscillator.offset(at: SimulationTime(seconds: 1.999)) == second)
    }

    @Test("the walk's spread grows like √t with intensity drift ppm/√s")
    func spreadGrowsLikeSquareRoot() {
        let drift = 0.05
        var early: [Double] = []
        var late: [Double] = []
        for seed in 0..<800 {
            let oscillator = Oscillator(offset: .zero, drift: drift, random: SeededRandom(seed: UInt64(seed) &* 7_919 &+ 13))
            early.append(oscillator.offset(at: SimulationTime(seconds: 4)).partsPerMillion)
            late.append(oscillator.offset(at: SimulationTime(seconds: 16)).partsPerMillion)
        }
        func deviation(_ values: [Double]) -> Double {
            (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
        }
        // σ(t) = drift·√t: 0.1 ppm at 4 s, 0.2 ppm at 16 s; 800 samples estimate σ to about 2.5 %.
        #expect(abs(deviation(early) / (drift * 2) - 1) < 0.1)
        #expect(abs(deviation(late) / (drift * 4) - 1) < 0.1)
        #expect(abs(deviation(late) / deviation(early) - 2) < 0.2)
    }

    @Test("ticks are the integral of the drifting frequency: each second adds 63.8976e9 × (1 + offset then)")
    func ticksFollowTheWalk() {
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: 5), drift: 0.3, random: SeededRandom(seed: 9))
        var expected = 0.0
        for second in 0..<6 {
            expected += 63.8976e9 * (1 + oscillator.offset(at: SimulationTime(seconds: Double(second) + 0.5)).ratio)
        }
        #expect(abs(oscillator.ticks(at: SimulationTime(seconds: 6)) - expected) < 1)
    }

    @Test("ticks(at:) is a function of time alone: asking about the past after the future gives the same answer")
    func historyIndependent() {
        let times = [0.3, 1.7, 2.2, 5.9, 3.4, 0.9].map { SimulationTime(seconds: $0) }
        let forward = Oscillator(offset: ClockOffset(partsPerMillion: -7), drift: 0.5, random: SeededRandom(seed: 4))
        let ascending = times.sorted().map { ($0, forward.ticks(at: $0), forward.offset(at: $0)) }
        let backward = Oscillator(offset: ClockOffset(partsPerMillion: -7), drift: 0.5, random: SeededRandom(seed: 4))
        _ = backward.ticks(at: SimulationTime(seconds: 10))
        for (time, ticks, offset) in ascending {
            #expect(backward.ticks(at: time) == ticks)
            #expect(backward.offset(at: time) == offset)
        }
    }

    @Test("an hour of steps keeps at most 64 of them, and an instant before those is answered as a fresh oscillator answers it")
    func boundedHistory() {
        let long = Oscillator(offset: ClockOffset(partsPerMillion: 4), drift: 0.1, random: SeededRandom(seed: 12))
        let fresh = Oscillator(offset: ClockOffset(partsPerMillion: 4), drift: 0.1, random: SeededRandom(seed: 12))
        let late = SimulationTime(seconds: 3_600.25)
        let lateTicks = long.ticks(at: late)
        #expect(long.keptSteps <= 2 * Oscillator.retainedSteps)
        let early = SimulationTime(seconds: 3.5)
        #expect(long.ticks(at: early) == fresh.ticks(at: early))
        #expect(long.offset(at: early) == fresh.offset(at: early))
        #expect(long.ticks(at: late) == lateTicks)
        #expect(fresh.ticks(at: late) == lateTicks)
        #expect(long.time(atTicks: lateTicks, after: SimulationTime(seconds: 3_595)) == fresh.time(atTicks: lateTicks, after: .zero))
    }

    @Test("time(atTicks:) inverts ticks(at:), across drift steps too, to within a picosecond")
    func inverseRoundTrip() {
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: 12), drift: 0.2, random: SeededRandom(seed: 8))
        for seconds in [0.000_001, 0.4, 0.999_999, 1.000_001, 2.75, 7.3] {
            let time = SimulationTime(seconds: seconds)
            let ticks = oscillator.ticks(at: time)
            let back = oscillator.time(atTicks: ticks, after: .zero)
            #expect(abs(back.picoseconds - time.picoseconds) <= 1)
            #expect(oscillator.ticks(at: back) >= ticks - 1e-3)
        }
        // From a later "now", the search starts there.
        let target = oscillator.ticks(at: SimulationTime(seconds: 4.5))
        #expect(abs(oscillator.time(atTicks: target, after: SimulationTime(seconds: 3)).picoseconds
            - SimulationTime(seconds: 4.5).picoseconds) <= 1)
    }

    @Test("seconds(forTicks:at:) uses the frequency in force then")
    func secondsForTicks() {
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: 40), drift: 0, random: SeededRandom(seed: 1))
        #expect(abs(oscillator.seconds(forTicks: 63.8976e9, at: .zero) - 1 / (1 + 40e-6)) < 1e-15)
    }
}
