import Testing
import UWBCore
import UWBPositioning

@Suite("Position solver: noisy measurements against the Cramér-Rao bound")
struct SolverNoiseTests {
    /// Fixes of a tag from `count` seeded draws of Gaussian distance errors with deviation σ. A
    /// draw the consistency check refuses (with one degree of freedom, 1 in 1000 consistent
    /// draws exceed its 99.9 % bound, and there is no spare measurement to leave out) gives none.
    static func fixes(tag: Vector3, count: Int, deviation: Double, differences: Bool) throws -> [PositionFix] {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        var random = SeededRandom(seed: 31)
        let fixes = (0..<count).compactMap { _ -> PositionFix? in
            let measurements = differences
                ? Site.room.dropFirst().map {
                    Site.difference($0, Site.room[0], tag, deviation: deviation,
                                    error: random.normal(mean: 0, standardDeviation: deviation))
                }
                : Site.room.map {
                    Site.distance($0, tag, deviation: deviation, error: random.normal(mean: 0, standardDeviation: deviation))
                }
            return try? solver.fix(measurements)
        }
        #expect(fixes.count >= count - count / 200, "\(count - fixes.count) of \(count) draws refused")
        return fixes
    }

    @Test("distances with 5 cm errors: no bias, the spread the covariance predicts, 86 % of errors inside the 2σ ellipse", arguments: [
        Vector3(x: 3, y: 1.2, z: 2), Vector3(x: 14, y: 1.2, z: 11),
    ])
    func distances(tag: Vector3) throws {
        try Self.check(try Self.fixes(tag: tag, count: 2000, deviation: 0.05, differences: false), tag: tag)
    }

    @Test("distance differences with 5 cm errors (independent): the same", arguments: [Vector3(x: 3, y: 1.2, z: 2)])
    func differences(tag: Vector3) throws {
        try Self.check(try Self.fixes(tag: tag, count: 2000, deviation: 0.05, differences: true), tag: tag)
    }

    /// Checks mean, covariance and 2σ-ellipse coverage of `fixes` of `tag` against their own
    /// Cramér-Rao bound (the same at every fix to first order), and that the covariance they
    /// report, the bound scaled up where the residuals are larger than stated, covers more.
    static func check(_ fixes: [PositionFix], tag: Vector3) throws {
        let n = Double(fixes.count)
        let errors = fixes.map { ($0.position.metres.x - tag.x, $0.position.metres.z - tag.z) }
        let meanX = errors.reduce(0) { $0 + $1.0 } / n
        let meanY = errors.reduce(0) { $0 + $1.1 } / n
        let sxx = errors.reduce(0) { $0 + ($1.0 - meanX) * ($1.0 - meanX) } / (n - 1)
        let syy = errors.reduce(0) { $0 + ($1.1 - meanY) * ($1.1 - meanY) } / (n - 1)
        let predicted = try #require(fixes.first).boundCovariance
        // Bias within 4 standard errors of the mean.
        #expect(abs(meanX) < 4 * (predicted[0] / n).squareRoot(), "mean x error \(meanX)")
        #expect(abs(meanY) < 4 * (predicted[3] / n).squareRoot(), "mean y error \(meanY)")
        // Sample variances within 10 % of the bound (2000 draws: a variance's relative standard
        // error is √(2/1999) ≈ 3 %).
        #expect(abs(sxx / predicted[0] - 1) < 0.1, "x variance \(sxx) against \(predicted[0])")
        #expect(abs(syy / predicted[3] - 1) < 0.1, "y variance \(syy) against \(predicted[3])")
        // Inside the 2σ ellipse: the squared Mahalanobis distance under 4, which a 2-D Gaussian
        // error meets with probability 1 − e⁻² ≈ 86.5 %.
        func inside(_ covariance: KeyPath<PositionFix, [Double]>) -> Int {
            zip(fixes, errors).filter { fix, error in
                let c = fix[keyPath: covariance]
                let determinant = c[0] * c[3] - c[1] * c[2]
                let d2 = (c[3] * error.0 * error.0 - 2 * c[1] * error.0 * error.1 + c[0] * error.1 * error.1) / determinant
                return d2 < 4
            }.count
        }
        let bound = inside(\.boundCovariance)
        #expect(abs(Double(bound) / n - 0.8647) < 0.025, "\(bound) of \(fixes.count) inside the bound's 2σ ellipse")
        let reported = inside(\.covariance)
        #expect(reported > bound, "\(reported) of \(fixes.count) inside the reported 2σ ellipse")
        #expect(Double(reported) / n < 0.97, "\(reported) of \(fixes.count) inside the reported 2σ ellipse")
        #expect(fixes.allSatisfy(\.rejected.isEmpty) || fixes.filter { !$0.rejected.isEmpty }.count < fixes.count / 100)
    }
}
