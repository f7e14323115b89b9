import Testing
import UWBCore
import UWBPositioning

@Suite("Residual weighting: each anchor weighed by what its residuals have shown")
struct ResidualWeightingTests {
    /// A fix whose pseudoranges of anchors A, B and C (stated σ 20 cm) left residuals `a`, `b`, `c` metres.
    static func fix(_ a: Double, _ b: Double, _ c: Double) -> PositionFix {
        let used = ["A", "B", "C"].map {
            PositionMeasurement.pseudorange(anchor: $0, clock: "round", Distance(metres: 10), standardDeviation: Distance(metres: 0.2))
        }
        return PositionFix(
            position: Position(metres: Vector3(x: 0, y: 0, z: 0)), covariance: [0.01, 0, 0, 0.01], quality: .unverified, used: used,
            residuals: [a, b, c].map { Distance(metres: $0) })
    }

    @Test("residuals within the stated deviation change nothing; an anchor 1 m late five fixes running counts with the deviation they show (1 − 0.8⁵ of the way from 0.2² to 1 m²), and recovers as its residuals fall")
    func learns() {
        var weighting = ResidualWeighting()
        let stated = Distance(metres: 0.2)
        #expect(weighting.deviation(of: "A", stated: stated) == stated)
        for _ in 0..<5 {
            weighting.learn(from: Self.fix(0.1, -0.15, 1.0))
        }
        #expect(weighting.deviation(of: "A", stated: stated) == stated)
        #expect(weighting.deviation(of: "B", stated: stated) == stated)
        let late = 0.04 * 0.8 * 0.8 * 0.8 * 0.8 * 0.8 + 1 * (1 - 0.8 * 0.8 * 0.8 * 0.8 * 0.8)
        #expect(abs(weighting.deviation(of: "C", stated: stated).metres - late.squareRoot()) < 1e-12)
        for _ in 0..<20 {
            weighting.learn(from: Self.fix(0.1, -0.15, 0.05))
        }
        #expect(weighting.deviation(of: "C", stated: stated) == stated)
        let weighed = weighting.weighed(Self.fix(0, 0, 0).used)
        #expect(weighed == Self.fix(0, 0, 0).used)
    }

    @Test("a solver's fix gives each used measurement's residual: zero for exact pseudoranges, the late one's the largest when it is kept")
    func residuals() throws {
        let tag = Vector3(x: 12, y: 2.2, z: 8)
        let solver = try PositionSolver(anchors: SolverOutlierTests.floor.flatMap { $0 }, geometry: SolverOutlierTests.geometry)
        let exact = try solver.fix(SolverOutlierTests.rounds(SolverOutlierTests.floor, tag: tag, late: "A1", bias: 0))
        #expect(exact.residuals.count == exact.used.count)
        #expect(exact.residuals.allSatisfy { abs($0.metres) < 1e-6 })
        let kept = try solver.fix(SolverOutlierTests.rounds(SolverOutlierTests.floor, tag: tag, late: "A1", bias: 0.6))
        let largest = try #require(zip(kept.used, kept.residuals).max { $0.1.metres < $1.1.metres })
        #expect(largest.0.anchors == ["A1"])
        #expect(abs(largest.1.metres - 0.6 * 0.58) < 0.02, "a residual keeps its redundancy number's share of the lateness: \(largest.1)")
    }
}
