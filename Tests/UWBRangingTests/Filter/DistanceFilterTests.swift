import Testing
import UWBCore
import UWBEmulator
@testable import UWBRanging

/// The constant-velocity Kalman filter against seeded synthetic measurements at 10 Hz with σ = 5 cm.
@Suite struct DistanceFilterTests {
    /// Feeds `truth(t)` plus N(0, 5 cm) at 10 Hz for `count` samples; returns (time, truth, filtered).
    static func run(count: Int, seed: UInt64, truth: (Double) -> Double) throws -> [(Double, Double, DistanceEstimate)] {
        var random = SeededRandom(seed: seed)
        var filter = DistanceFilter()
        var out: [(Double, Double, DistanceEstimate)] = []
        for index in 0..<count {
            let t = Double(index) / 10
            let measured = truth(t) + random.normal(mean: 0, standardDeviation: 0.05)
            out.append((t, truth(t), try filter.update(at: .seconds(t), measured: Distance(metres: measured))))
        }
        return out
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
    }

    @Test func holdsAStaticPeerSteady() throws {
        // Steady-state analysis (σa = 1 m/s², dt = 0.1 s, σ = 5 cm) predicts an output σ of about 2.9 cm;
        // allow up to 3.5 cm (0.7 of raw) over 55 s after 5 s of convergence.
        let samples = try Self.run(count: 600, seed: 7) { _ in 3 }
        let settled = samples.dropFirst(50).map { $0.2.distance.metres - 3 }
        let sigma = Self.standardDeviation(settled)
        #expect(sigma < 0.035)
        #expect(abs(settled.reduce(0, +) / Double(settled.count)) < 0.01)
        #expect(samples.dropFirst(50).allSatisfy { $0.2.verdict == .accepted })
    }

    @Test func followsAWalkingPersonWithLittleLag() throws {
        // 1.5 m/s away from 2 m. A constant-velocity model tracks a ramp with zero steady-state bias, so the
        // mean error over the last 25 s, divided by the speed, is the lag: required ≤ 0.2 s (≈ 0 expected).
        let samples = try Self.run(count: 300, seed: 11) { 2 + 1.5 * $0 }
        let settled = samples.dropFirst(50)
        let bias = settled.map { $0.1 - $0.2.distance.metres }.reduce(0, +) / Double(settled.count)
        #expect(abs(bias / 1.5) <= 0.2)
        #expect(abs(bias / 1.5) <= 0.02)
        let speed = settled.map { $0.2.velocity.metresPerSecond }.reduce(0, +) / Double(settled.count)
        #expect(abs(speed - 1.5) < 0.05)
    }

    @Test func aPersonStartingToWalkLagsLessThanTwoTenthsOfASecond() throws {
        // Standing at 3 m for 5 s, then walking away at 1.5 m/s (an instant start, harsher than a real one).
        // Best-aligning time shift from 0.2 s to 2 s after the start (the transient): search shifts 0…0.5 s in 10 ms steps for the
        // one minimising Σ(filtered(t) − truth(t − shift))².
        let truth: (Double) -> Double = { $0 < 5 ? 3 : 3 + 1.5 * ($0 - 5) }
        let samples = try Self.run(count: 110, seed: 3, truth: truth)
        let window = samples.filter { $0.0 >= 5.2 && $0.0 <= 7 }
        var best = (shift: 0.0, cost: Double.infinity)
        for step in 0...50 {
            let shift = Double(step) / 100
            let cost = window.map { sample in
                let error = sample.2.distance.metres - truth(sample.0 - shift)
                return error * error
            }.reduce(0, +)
            if cost < best.cost { best = (shift, cost) }
        }
        #expect(best.shift <= 0.2)
    }

    @Test func rejectsAnOutlierAndResetsAfterARealJump() throws {
        var filter = DistanceFilter()
        for index in 0..<30 {
            _ = try filter.update(at: .seconds(Double(index) / 10), measured: Distance(metres: 4))
        }
        // +2 m: the innovation σ is about √(P + R) ≈ 6 cm, so 2 m is over 30σ, beyond the 5σ gate.
        let outlier = try filter.update(at: .seconds(3.0), measured: Distance(metres: 6))
        guard case .rejected(let normalised) = outlier.verdict else {
            Issue.record("expected a rejection, got \(outlier.verdict)")
            return
        }
        #expect(normalised > 20)
        #expect(abs(outlier.distance.metres - 4) < 0.001)
        // The next good reading is accepted again.
        #expect(try filter.update(at: .seconds(3.1), measured: Distance(metres: 4)).verdict == .accepted)
        // Five consecutive readings at 6 m: four rejections, then a reset to 6 m.
        var verdicts: [MeasurementVerdict] = []
        for index in 0..<5 {
            verdicts.append(try filter.update(at: .seconds(3.2 + Double(index) / 10), measured: Distance(metres: 6)).verdict)
        }
        #expect(verdicts.last == .reset)
        #expect(verdicts.dropLast().allSatisfy { if case .rejected = $0 { true } else { false } })
        #expect(filter.estimate?.distance == Distance(metres: 6))
    }

    @Test func timeGoingBackwardsRestartsAndBadInputThrows() throws {
        var filter = DistanceFilter()
        #expect(try filter.update(at: .seconds(10), measured: Distance(metres: 1)).verdict == .initialised)
        #expect(try filter.update(at: .seconds(9), measured: Distance(metres: 2)).verdict == .reset)
        #expect(throws: FilterError.self) { try filter.update(at: .seconds(11), measured: Distance(metres: .nan)) }
        #expect(throws: FilterError.invalidStandardDeviation(0)) {
            try filter.update(at: .seconds(11), measured: Distance(metres: 1), standardDeviation: .zero)
        }
        #expect(filter.estimate?.distance == Distance(metres: 2))
    }
}
