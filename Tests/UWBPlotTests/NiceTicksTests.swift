import Testing
import UWBPlot

@Suite("Nice ticks")
struct NiceTicksTests {
    @Test("0…1.4 gives 0, 0.5, 1, 1.5")
    func halves() {
        let ticks = NiceTicks(covering: 0, 1.4, count: 5)
        #expect(ticks.values == [0, 0.5, 1, 1.5])
        #expect(ticks.step == 0.5)
        #expect(ticks.values.map(ticks.label) == ["0.0", "0.5", "1.0", "1.5"])
    }

    @Test("steps are 1, 2, 2.5 or 5 times a power of ten", arguments: [
        (0.0, 20.0, 5.0), (-3.0, 17.0, 5.0), (2.07, 3.0, 0.2), (0.0, 1000.0, 200.0), (-0.06, 0.14, 0.05),
    ])
    func steps(low: Double, high: Double, step: Double) {
        let ticks = NiceTicks(covering: low, high)
        #expect(abs(ticks.step - step) < 1e-12, "\(ticks.values)")
        #expect(ticks.span.lowerBound <= low && ticks.span.upperBound >= high)
    }

    @Test("finite ends whose gap overflows a Double (−1e306…1e306) get finite ticks, not NaN")
    func overflowingSpan() {
        let ticks = NiceTicks(covering: -1e306, 1e306)
        #expect(ticks.values.count >= 2)
        #expect(ticks.values.allSatisfy(\.isFinite) && ticks.step.isFinite && ticks.step > 0)
    }

    @Test("a span of one value and a non-finite span still get ticks")
    func degenerate() {
        let single = NiceTicks(covering: 3, 3)
        #expect(single.values.count >= 2)
        #expect(single.span.contains(3))
        #expect(NiceTicks(covering: .nan, .infinity).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test("tick labels have the decimals their step needs and no negative zero")
    func labels() {
        let quarters = NiceTicks(covering: -0.5, 0.5, count: 5)
        #expect(quarters.values.map(quarters.label) == ["-0.50", "-0.25", "0.00", "0.25", "0.50"])
        let tens = NiceTicks(covering: -20, 30, count: 6)
        #expect(tens.values.map(tens.label) == ["-20", "-10", "0", "10", "20", "30"])
    }
}
