import UWBCore

/// The tests that find one wrong measurement among many that agree on the whole: each one's own
/// residual (data snooping), and the fix against where the tag's track expects it.
extension PositionSolver {
    /// The largest standardised residual a measurement may have, w = e / σₑ (its residual over the
    /// residual's own standard deviation, which is smaller than the measurement's by what the fix
    /// absorbs of it): 3.09, the standard normal distribution's one-sided 0.1 % point, the same
    /// 99.9 % as the chi-square test of the whole and the tracker's gate (W. Baarda, *A testing
    /// procedure for use in geodetic networks*, Netherlands Geodetic Commission, 1968).
    ///
    /// One-sided for distances and pseudoranges: a blocked path or a late detection only lengthens
    /// them, and a residual far below the fix is what the late ones of its round push the others
    /// to (the office's phone with two late anchors of five lost a third, on time, to a two-sided
    /// test, and its fix went 1.1 m off). A difference of two distances is late either way, so its
    /// test is two-sided.
    ///
    /// A late (NLOS) reception among a dozen pseudoranges can pass the chi-square test of the
    /// whole, its lateness shared out over the others' residuals, and still stand out in its own.
    static let standardisedResidualBound = ChiSquarePoint.outlier.normalQuantile

    /// The fewest degrees of freedom a fix needs for its measurements to be tested one by one: 3,
    /// so that two are left to check the rest once one is left out. With fewer, the residuals are
    /// so tied together (four distances fixing a point in 2-D) that the largest is often not the
    /// wrong measurement's: leaving it out (two-sided at 3.29, as first tried) made the variance
    /// of 2000 fixes of seeded Gaussian errors 11 % larger than their bound (`SolverNoiseTests`).
    static let snoopingDegreesOfFreedom = 3

    /// The measurement of `given` whose standardised residual in their fix `solution` is the
    /// largest (the latest, for distances and pseudoranges), if it exceeds
    /// ``standardisedResidualBound`` and the fix has ``snoopingDegreesOfFreedom``, with the others'
    /// solution; nil otherwise. A measurement the fix depends on wholly (its residual's deviation
    /// 0) cannot be tested and is never chosen.
    func snoopedOutlier(
        of given: [ResolvedMeasurement], solving solution: Solution, in workspace: inout SolverWorkspace
    ) -> (index: Int, solution: Solution)? {
        // Leaving a measurement out lowers the cost by its standardised residual squared (in the
        // linearised problem), so none exceeds the bound while the whole cost stays below its
        // square: most fixes need no test.
        let bound = Self.standardisedResidualBound
        guard solution.degreesOfFreedom >= Self.snoopingDegreesOfFreedom, solution.cost > bound * bound else { return nil }
        let (measurements, clocks) = Self.numberingClocks(given)
        let size = geometry.unknowns
        let unknowns = solution.unknowns
        guard clocks == unknowns.count - size else { return nil }
        var equations = NormalEquations(size: unknowns.count)
        _ = normalEquations(measurements, at: unknowns, into: &equations, row: &workspace.row)
        guard let inverse = equations.inverse(leading: unknowns.count) else { return nil }
        let point = geometry.point(unknowns)
        var worst: (index: Int, ratio: Double)?
        var row = Array(zeros: unknowns.count)
        for (index, measurement) in measurements.enumerated() {
            row.withUnsafeMutableBufferPointer { row in
                row.update(repeating: 0)
                positionCoefficients(of: measurement, at: point, into: row)
            }
            if let clock = measurement.clock {
                row[size + clock] = 1
            }
            // The residual's variance: the measurement's, less the part of it the fix follows, J·N⁻¹·Jᵀ.
            var followed = 0.0
            for i in row.indices where row[i] != 0 {
                for j in row.indices where row[j] != 0 {
                    followed += row[i] * inverse[i * unknowns.count + j] * row[j]
                }
            }
            let variance = 1 / measurement.weight - followed
            guard variance > 1e-9 / measurement.weight else { continue }
            let residual = measurement.value - predicted(measurement, at: point, unknowns)
            let ratio = (measurement.reference == nil ? residual : abs(residual)) / variance.squareRoot()
            if ratio > worst?.ratio ?? bound {
                worst = (index, ratio)
            }
        }
        guard let worst else { return nil }
        var remaining = given
        remaining.remove(at: worst.index)
        guard let others = try? solve(remaining, in: &workspace) else { return nil }
        return (worst.index, others)
    }

    /// The measurement of `given` to leave out because their fix `solution` lies beyond `prior`'s
    /// gate (the 99.9 % point of the distance a ``PositionTracker`` gates by) and the others agree
    /// with each other and with `prior`, with the others' solution; nil if the fix agrees with the
    /// prior, if leaving one out would leave no degree of freedom to check the rest, or if no one
    /// measurement explains the disagreement (then the prior may be what is wrong, and the fix
    /// stands as the measurements give it). Of several, the one whose solution has the lowest cost
    /// counting the prior's.
    func measurementAgainst(
        _ prior: PositionPrior, of given: [ResolvedMeasurement], solving solution: Solution, in workspace: inout SolverWorkspace
    ) -> (index: Int, solution: Solution)? {
        let gate = ChiSquarePoint.outlier.value(degreesOfFreedom: geometry.unknowns)
        guard solution.degreesOfFreedom >= 2, let distance = distance(of: solution, from: prior), distance > gate else { return nil }
        var best: (index: Int, solution: Solution, score: Double)?
        for index in given.indices {
            var remaining = given
            remaining.remove(at: index)
            guard let candidate = try? solve(remaining, in: &workspace), let residual = candidate.normalisedResidual,
                residual <= Self.consistencyBound(degreesOfFreedom: candidate.degreesOfFreedom),
                let candidateDistance = self.distance(of: candidate, from: prior), candidateDistance <= gate
            else { continue }
            let score = candidate.cost + candidateDistance
            if score < best?.score ?? .infinity {
                best = (index, candidate, score)
            }
        }
        return best.map { ($0.index, $0.solution) }
    }

    /// The squared Mahalanobis distance between `solution`'s position and `prior`'s over the sum
    /// of their covariances (the solution's scaled by its residuals, as its fix reports it): the
    /// distance a ``PositionTracker`` gates a fix by. Nil for a prior of other dimensions, or a sum
    /// that is not positive definite.
    private func distance(of solution: Solution, from prior: PositionPrior) -> Double? {
        let size = geometry.unknowns
        guard prior.covariance.count == size * size else { return nil }
        let factor = solution.quality.varianceFactor
        let sum = SquareBlock(size: size, values: prior.covariance) + SquareBlock(size: size, values: solution.covariance.map { $0 * factor })
        let expected = geometry.unknowns(of: prior.position.metres)
        var offset = SIMD3<Double>()
        for axis in 0..<size {
            offset[axis] = solution.unknowns[axis] - expected[axis]
        }
        return sum.symmetricInverse?.quadraticForm(offset)
    }
}
