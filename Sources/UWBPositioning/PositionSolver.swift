import UWBCore

/// Fixes a tag's position from distances to anchors (two-way ranging), differences of distances
/// and pseudoranges (time difference of arrival), by weighted least squares (Gauss-Newton from the best
/// of a linearised solution and the anchors' centroid), with the covariance of every fix, a check
/// that the measurements agree, and the rejection of those that do not. It gives no position
/// rather than a wrong one: ``PositioningError`` says why.
///
/// Pseudoranges add one unknown per clock, the offset they share; the covariance a fix reports
/// is the position's, with those offsets' uncertainty taken into account.
public struct PositionSolver: Sendable {
    /// The anchors, by name.
    public let anchors: [String: Anchor]
    /// The space it solves in.
    public let geometry: SolverGeometry
    /// The most Gauss-Newton iterations per fix.
    public var maximumIterations = 50
    /// The anchors in the order of their names, the order the solver takes them in.
    let ordered: [Anchor]
    /// Each anchor's index in ``ordered``, by name.
    private let indices: [String: Int]

    /// A solver for `anchors` in `geometry`.
    ///
    /// - Throws: ``PositioningError/duplicateAnchor(_:)`` if two anchors share a name,
    ///   ``PositioningError/unsurveyedAnchor(_:)`` if one has a coordinate that is not finite.
    public init(anchors: [Anchor], geometry: SolverGeometry) throws(PositioningError) {
        var byName: [String: Anchor] = [:]
        byName.reserveCapacity(anchors.count)
        for anchor in anchors {
            let point = anchor.position.metres
            guard point.x.isFinite, point.y.isFinite, point.z.isFinite else { throw .unsurveyedAnchor(anchor.name) }
            guard byName.updateValue(anchor, forKey: anchor.name) == nil else { throw .duplicateAnchor(anchor.name) }
        }
        self.anchors = byName
        self.geometry = geometry
        // Anchors given in the order of their names (as a locator keeps them) need no sort.
        let isOrdered = zip(anchors, anchors.dropFirst()).allSatisfy { $0.name < $1.name }
        ordered = isOrdered ? anchors : byName.values.sorted { $0.name < $1.name }
        var indices: [String: Int] = [:]
        indices.reserveCapacity(ordered.count)
        for (index, anchor) in ordered.enumerated() {
            indices[anchor.name] = index
        }
        self.indices = indices
    }

    /// The position `measurements` fix, leaving out those inconsistent with the rest and, given
    /// a `prior` (a track's prediction), one that alone pulls the fix beyond the prior's gate.
    ///
    /// - Throws: ``PositioningError`` when they cannot fix a position: unknown anchors, invalid
    ///   values, too few measurements, an ambiguous geometry, or measurements that contradict
    ///   each other beyond repair.
    public func fix(_ measurements: [PositionMeasurement], prior: PositionPrior? = nil) throws(PositioningError) -> PositionFix {
        var clocks: [String] = []
        var resolved: [ResolvedMeasurement] = []
        resolved.reserveCapacity(measurements.count)
        for measurement in measurements {
            resolved.append(try resolve(measurement, clocks: &clocks))
        }
        var workspace = SolverWorkspace()
        return try fix(resolved, of: measurements, prior: prior, in: &workspace)
    }

    /// The position `measurements` fix, as ``fix(_:prior:)`` finds it, from them already resolved as
    /// `resolved` (the same in the same order, their clocks numbered in the order they first appear)
    /// by whoever made them, who looked their anchors up: it checks their values. It works in
    /// `workspace`, which the caller keeps from fix to fix.
    func fix(
        _ measurements: [PositionMeasurement], resolved: [ResolvedMeasurement], prior: PositionPrior?,
        in workspace: inout SolverWorkspace
    ) throws(PositioningError) -> PositionFix {
        for measurement in measurements {
            try Self.validate(measurement)
        }
        return try fix(resolved, of: measurements, prior: prior, in: &workspace)
    }

    /// Anchor `name`'s index in the solver's name order and its position, or nil for one it does not have.
    func anchor(named name: String) -> (index: Int, position: Vector3)? {
        guard let index = indices[name] else { return nil }
        return (index, ordered[index].position.metres)
    }

    /// The position `measurements`, resolved and checked as `resolved`, fix.
    private func fix(
        _ resolved: [ResolvedMeasurement], of measurements: [PositionMeasurement], prior: PositionPrior?,
        in workspace: inout SolverWorkspace
    ) throws(PositioningError) -> PositionFix {
        var resolved = resolved
        var used = measurements
        var rejected: [PositionMeasurement] = []
        var solution = try solve(resolved, in: &workspace)
        /// Leaves out the measurement at `index`, `others` being the rest's solution.
        func leaveOut(_ index: Int, others: Solution) {
            rejected.append(used.remove(at: index))
            resolved.remove(at: index)
            solution = others
        }
        while let residual = solution.normalisedResidual, residual > Self.consistencyBound(degreesOfFreedom: solution.degreesOfFreedom) {
            // Leave out the measurement whose absence agrees best, keeping one degree of freedom
            // to check the rest: with none left, any measurement could be the wrong one.
            var best: (index: Int, solution: Solution)?
            for index in resolved.indices {
                var remaining = resolved
                remaining.remove(at: index)
                guard let candidate = try? solve(remaining, in: &workspace), let candidateResidual = candidate.normalisedResidual else { continue }
                if candidateResidual < best?.solution.normalisedResidual ?? .infinity {
                    best = (index, candidate)
                }
            }
            guard let best else { throw .inconsistentMeasurements(normalisedResidual: residual) }
            leaveOut(best.index, others: best.solution)
        }
        // Then one at a time, each measurement whose own residual stands out though the sum passed
        // (Baarda's data snooping), and one that pulls the fix away from the prior.
        while let outlier = snoopedOutlier(of: resolved, solving: solution, in: &workspace) {
            leaveOut(outlier.index, others: outlier.solution)
        }
        if let prior, let against = measurementAgainst(prior, of: resolved, solving: solution, in: &workspace) {
            leaveOut(against.index, others: against.solution)
        }
        if (1...Self.ambiguousDegreesOfFreedom).contains(solution.degreesOfFreedom), let other = otherSolution(than: solution, of: resolved, in: &workspace) {
            let point = geometry.point(solution.unknowns)
            throw .ambiguousGeometry(
                "two positions fit the measurements within their errors, \(Position(metres: point)) and \(Position(metres: other)): "
                    + "with \(solution.degreesOfFreedom) degree\(solution.degreesOfFreedom == 1 ? "" : "s") of freedom left, hear another anchor or cluster to tell them apart")
        }
        let quality = solution.quality
        let point = geometry.point(solution.unknowns)
        let (numbered, _) = Self.numberingClocks(resolved)
        return PositionFix(
            position: Position(metres: point),
            covariance: solution.covariance.map { $0 * quality.varianceFactor }, quality: quality, used: used, rejected: rejected,
            residuals: numbered.map { Distance(metres: $0.value - predicted($0, at: point, solution.unknowns)) })
    }

    /// Another position that `given` fit within their errors, more than three standard deviations
    /// of `solution`'s from it, if Gauss-Newton finds one from `solution`'s mirror images about
    /// the anchors' centroid (through it, and turned a quarter either way) or from twice its
    /// offset from the centroid (farther out the same way): the second crossing of the hyperbolae
    /// or circles that one or two degrees of freedom cannot rule out, typically outside the
    /// anchors' hull.
    private func otherSolution(than solution: Solution, of given: [ResolvedMeasurement], in workspace: inout SolverWorkspace) -> Vector3? {
        let (measurements, clocks) = Self.numberingClocks(given)
        let point = geometry.point(solution.unknowns)
        let centroid = measurements.reduce(Vector3.zero) { $0 + $1.anchor } * (1 / Double(measurements.count))
        let offset = point - centroid
        let starts = [
            centroid - offset,
            centroid + Vector3(x: -offset.z, y: offset.y, z: offset.x),
            centroid + Vector3(x: offset.z, y: offset.y, z: -offset.x),
            centroid + offset * 2,
        ]
        let size = geometry.unknowns
        let spread = (0..<size).reduce(0.0) { $0 + solution.covariance[$1 * size + $1] }.squareRoot()
        for start in starts {
            guard let candidate = try? refine(measurements, clocks: clocks, from: centroidStart(start, measurements, clocks: clocks), in: &workspace),
                let residual = candidate.normalisedResidual, residual <= Self.consistencyBound(degreesOfFreedom: candidate.degreesOfFreedom)
            else { continue }
            let other = geometry.point(candidate.unknowns)
            if (other - point).length > 3 * spread {
                return other
            }
        }
        return nil
    }

    /// The most degrees of freedom a fix can have for the solver to look for a second position
    /// that fits as well: with one, one cluster's round heard from outside its hull has its
    /// hyperbolae cross twice; with two, so can a round and a part of another (a 5 m error in the
    /// hall 3 m outside its corner, from six pseudoranges of two rounds). With more, a second
    /// crossing has not been seen, and the check would cost every fix four more solves.
    static let ambiguousDegreesOfFreedom = 2

    /// Why a tag on the extension of an anchor baseline gets no fix, and what to do.
    private static let baselineExtension =
        "the tag is where the anchors' measurements do not change with its position (on the extension of an anchor baseline); place anchors off that line"

    /// A least-squares solution of some measurements.
    struct Solution {
        /// The unknowns: the position's, then the clocks' offsets in the order
        /// ``numberingClocks(_:)`` numbers them.
        let unknowns: [Double]
        /// The position's covariance.
        let covariance: [Double]
        /// The sum of squared normalised residuals.
        let cost: Double
        let degreesOfFreedom: Int
        /// ``cost`` per degree of freedom; nil without redundancy.
        var normalisedResidual: Double? { degreesOfFreedom > 0 ? cost / Double(degreesOfFreedom) : nil }
        /// The quality a fix of it reports.
        var quality: PositionFix.Quality { normalisedResidual.map { .consistent(normalisedResidual: $0) } ?? .unverified }
    }

    /// The weighted least-squares solution of `measurements`, from the better of two starts (the
    /// second only when the first's solution does not pass the consistency check).
    func solve(_ given: [ResolvedMeasurement], in workspace: inout SolverWorkspace) throws(PositioningError) -> Solution {
        let (measurements, clocks) = Self.numberingClocks(given)
        let unknowns = geometry.unknowns + clocks
        guard measurements.count >= unknowns else {
            throw .tooFewMeasurements(needed: unknowns, given: measurements.count)
        }
        var isInvolved = [Bool](filled: false, count: ordered.count)
        for measurement in measurements {
            isInvolved[measurement.anchorIndex] = true
            if let reference = measurement.reference {
                isInvolved[reference.index] = true
            }
        }
        var involved: [Vector3] = []
        involved.reserveCapacity(ordered.count)
        for (index, anchor) in ordered.enumerated() where isInvolved[index] {
            involved.append(anchor.position.metres)
        }
        if let ambiguity = geometry.ambiguity(of: involved) {
            throw .ambiguousGeometry(ambiguity)
        }
        let centroid = involved.reduce(Vector3.zero, +) * (1 / Double(involved.count))
        var best: Solution?
        var lastError = PositioningError.noConvergence(iterations: maximumIterations)
        for first in [true, false] {
            guard let start = first
                ? linearisedStart(measurements, clocks: clocks) : centroidStart(centroid, measurements, clocks: clocks)
            else { continue }
            do {
                let solution = try refine(measurements, clocks: clocks, from: start, in: &workspace)
                if solution.cost < best?.cost ?? .infinity {
                    best = solution
                }
            } catch {
                lastError = error
            }
            // A solution the measurements agree with needs no second start: it is the minimum
            // their errors allow, and the second start exists for the local minima of those they do not.
            if let best, let residual = best.normalisedResidual, residual <= Self.consistencyBound(degreesOfFreedom: best.degreesOfFreedom) {
                return best
            }
        }
        guard let best else { throw lastError }
        return best
    }

    /// `measurement` resolved against the anchors, its clock numbered by its place in `clocks`,
    /// which gains it at the end if new.
    ///
    /// - Throws: ``PositioningError/unknownAnchor(_:)`` for an anchor the solver does not have,
    ///   ``PositioningError/invalidMeasurement(_:)`` for a value or deviation that is not finite
    ///   (or not positive), or a difference between an anchor and itself.
    private func resolve(_ measurement: PositionMeasurement, clocks: inout [String]) throws(PositioningError) -> ResolvedMeasurement {
        func index(of name: String) throws(PositioningError) -> Int {
            guard let index = indices[name] else { throw .unknownAnchor(name) }
            return index
        }
        let anchor: Int
        var reference: Int?
        switch measurement {
        case .distance(let name, _, _), .pseudorange(let name, _, _, _):
            anchor = try index(of: name)
        case .distanceDifference(let name, let referenceName, _, _):
            anchor = try index(of: name)
            reference = try index(of: referenceName)
        }
        try Self.validate(measurement)
        // The clocks by a search of the few a fix has rather than by hashing: the rounds' pseudoranges
        // share their clock's name, whose comparison with itself is that of one storage.
        var clock: Int?
        if let name = measurement.clock {
            if let known = clocks.firstIndex(of: name) {
                clock = known
            } else {
                clock = clocks.count
                clocks.append(name)
            }
        }
        return ResolvedMeasurement(
            measurement, anchor: (anchor, ordered[anchor].position.metres), reference: reference.map { ($0, ordered[$0].position.metres) },
            clock: clock)
    }

    /// Throws ``PositioningError/invalidMeasurement(_:)`` for a value or deviation of `measurement`
    /// that is not finite (or not positive), or a difference between an anchor and itself.
    private static func validate(_ measurement: PositionMeasurement) throws(PositioningError) {
        let value = measurement.metres
        let deviation = measurement.deviation
        guard value.isFinite else { throw .invalidMeasurement("\(measurement) is not a finite length") }
        guard deviation.isFinite, deviation > 0 else {
            throw .invalidMeasurement("\(measurement) needs a positive finite standard deviation")
        }
        if case .distanceDifference(let anchor, let reference, _, _) = measurement, anchor == reference {
            throw .invalidMeasurement("a distance difference between anchor \"\(anchor)\" and itself")
        }
    }

    /// `measurements` with their clocks numbered in the order they first appear among them, and
    /// the number of clocks.
    static func numberingClocks(_ measurements: [ResolvedMeasurement]) -> ([ResolvedMeasurement], Int) {
        // Numbered so already, as ``resolve(_:clocks:)`` numbers them, unless some were left out:
        // then they stay as they are, uncopied.
        var seen = 0
        for measurement in measurements {
            guard let clock = measurement.clock else { continue }
            if clock == seen {
                seen += 1
            } else if clock > seen {
                return renumberingClocks(measurements)
            }
        }
        return (measurements, seen)
    }

    /// `measurements` with their clocks renumbered in the order they first appear among them, and
    /// the number of clocks.
    private static func renumberingClocks(_ measurements: [ResolvedMeasurement]) -> ([ResolvedMeasurement], Int) {
        var numbered = measurements
        var order: [Int] = []
        for index in numbered.indices {
            guard let clock = numbered[index].clock else { continue }
            if let known = order.firstIndex(of: clock) {
                numbered[index].clock = known
            } else {
                numbered[index].clock = order.count
                order.append(clock)
            }
        }
        return (numbered, order.count)
    }

    /// The start at `centroid`, each clock's offset the mean of what its pseudoranges leave there.
    private func centroidStart(_ centroid: Vector3, _ measurements: [ResolvedMeasurement], clocks: Int) -> [Double] {
        var sums = Array(repeating: (total: 0.0, count: 0), count: clocks)
        for measurement in measurements {
            guard let index = measurement.clock else { continue }
            sums[index].total += measurement.value - (centroid - measurement.anchor).length
            sums[index].count += 1
        }
        return geometry.unknowns(of: centroid) + sums.map { $0.total / Double(max(1, $0.count)) }
    }

    /// Gauss-Newton from `start`, halving a step that does not lower the cost, in `workspace`'s storage.
    private func refine(
        _ measurements: [ResolvedMeasurement], clocks: Int, from start: [Double], in workspace: inout SolverWorkspace
    ) throws(PositioningError) -> Solution {
        let size = geometry.unknowns
        workspace.prepare(from: start, unknowns: size + clocks, position: size)
        var cost = normalEquations(measurements, at: workspace.unknowns, into: &workspace.equations, row: &workspace.row)
        for _ in 0..<maximumIterations {
            guard workspace.equations.solve(into: &workspace.step) else {
                throw .ambiguousGeometry(Self.baselineExtension)
            }
            var scale = 1.0
            var nextCost = cost
            // The whole step's equations with its cost (it is usually taken), a shorter step's
            // cost alone and the equations of the one taken: the same equations and cost, without
            // those of the steps left.
            var hasEquations = false
            repeat {
                Self.move(workspace.unknowns, by: workspace.step, scaledBy: scale, to: &workspace.candidate)
                hasEquations = scale == 1
                nextCost = hasEquations
                    ? normalEquations(measurements, at: workspace.candidate, into: &workspace.next, row: &workspace.row)
                    : self.cost(of: measurements, at: workspace.candidate)
                scale /= 2
            } while nextCost > cost && scale > 1e-6
            if !hasEquations {
                nextCost = normalEquations(measurements, at: workspace.candidate, into: &workspace.next, row: &workspace.row)
            }
            var moved = 0.0
            for index in workspace.candidate.indices {
                let change = workspace.candidate[index] - workspace.unknowns[index]
                moved += change * change
            }
            swap(&workspace.unknowns, &workspace.candidate)
            swap(&workspace.equations, &workspace.next)
            cost = nextCost
            if moved.squareRoot() < 1e-9 {
                // The position's block of the inverse, the clocks' offsets' uncertainty taken into account.
                guard let covariance = workspace.equations.inverse(leading: size) else {
                    throw .ambiguousGeometry(Self.baselineExtension)
                }
                return Solution(unknowns: workspace.unknowns, covariance: covariance, cost: cost,
                                degreesOfFreedom: measurements.count - workspace.equations.size)
            }
        }
        throw .noConvergence(iterations: maximumIterations)
    }

    /// Puts `unknowns` plus `scale` times `step` into `candidate` (as many of each).
    private static func move(_ unknowns: [Double], by step: [Double], scaledBy scale: Double, to candidate: inout [Double]) {
        precondition(unknowns.count == candidate.count && step.count == candidate.count, "a move takes every unknown")
        unknowns.withUnsafeBufferPointer { unknowns in
            step.withUnsafeBufferPointer { step in
                candidate.withUnsafeMutableBufferPointer { candidate in
                    for index in candidate.indices {
                        candidate[index] = unknowns[index] + scale * step[index]
                    }
                }
            }
        }
    }

    /// Puts the normal equations of `measurements` linearised at `unknowns` into `equations` (of
    /// the position's unknowns and the clocks'), with `row` (one element per coordinate of the
    /// position) to put each equation's position coefficients in; returns their cost there.
    func normalEquations(
        _ measurements: [ResolvedMeasurement], at unknowns: [Double], into equations: inout NormalEquations, row: inout [Double]
    ) -> Double {
        let size = geometry.unknowns
        let point = geometry.point(unknowns)
        equations.removeAll()
        var cost = 0.0
        // The row through its buffer, taken once for all the measurements.
        row.withUnsafeMutableBufferPointer { row in
            for measurement in measurements {
                let predicted = predicted(measurement, at: point, unknowns)
                positionCoefficients(of: measurement, at: point, into: row)
                let residual = measurement.value - predicted
                equations.add(
                    leading: UnsafeBufferPointer(row), extra: measurement.clock.map { (size + $0, 1) }, residual: residual,
                    weight: measurement.weight)
                cost += residual * residual * measurement.weight
            }
        }
        return cost
    }

    /// Puts `measurement`'s coefficients for the position's unknowns at `point` into the first
    /// elements of `row`: the gradient of the distance from its anchor, less that from its
    /// reference for a difference.
    @inline(__always)
    func positionCoefficients(of measurement: ResolvedMeasurement, at point: Vector3, into row: UnsafeMutableBufferPointer<Double>) {
        let size = geometry.unknowns
        let gradient = geometry.gradient(from: measurement.anchor, at: point)
        for axis in 0..<size {
            row[axis] = geometry.coordinate(axis, of: gradient)
        }
        if let reference = measurement.reference?.position {
            let away = geometry.gradient(from: reference, at: point)
            for axis in 0..<size {
                row[axis] -= geometry.coordinate(axis, of: away)
            }
        }
    }

    /// The cost of `measurements` at `unknowns`, as ``normalEquations(_:at:into:row:)`` returns it.
    private func cost(of measurements: [ResolvedMeasurement], at unknowns: [Double]) -> Double {
        let point = geometry.point(unknowns)
        var cost = 0.0
        for measurement in measurements {
            let residual = measurement.value - predicted(measurement, at: point, unknowns)
            cost += residual * residual * measurement.weight
        }
        return cost
    }

    /// What `measurement` would measure at `point`, the clocks' offsets those in `unknowns` (after
    /// the position's): the distance from its anchor, less that from its reference, plus its clock's offset.
    func predicted(_ measurement: ResolvedMeasurement, at point: Vector3, _ unknowns: [Double]) -> Double {
        var predicted = (point - measurement.anchor).length
        if let reference = measurement.reference?.position {
            predicted -= (point - reference).length
        }
        if let clock = measurement.clock {
            predicted += unknowns[geometry.unknowns + clock]
        }
        return predicted
    }

    /// A start from the measurements' linearised equations, when they allow one: distances to at
    /// least one anchor more than the unknowns, or differences against one common reference
    /// anchor from two more anchors than the unknowns (the reference's distance is one more
    /// unknown). Differencing squared distances makes the equations linear in the unknowns.
    private func linearisedStart(_ measurements: [ResolvedMeasurement], clocks: Int) -> [Double]? {
        let size = geometry.unknowns
        let height: Double? = if case .planar(let height) = geometry { height.metres } else { nil }
        /// |p − a|² = |p|² − 2a·p + c(a), with c over the unknowns' coordinates plus the known height.
        func constant(_ a: Vector3) -> Double {
            // The unknowns' coordinates one by one, in their order, rather than as an array.
            var known = 0.0
            for axis in 0..<size {
                let coordinate = geometry.coordinate(axis, of: a)
                known += coordinate * coordinate
            }
            return known + (height.map { ($0 - a.y) * ($0 - a.y) } ?? 0)
        }
        if measurements.allSatisfy(\.isDistance), measurements.count > size, let first = measurements.first {
            // −2(aᵢ − a₀)·p = dᵢ² − d₀² − c(aᵢ) + c(a₀)
            let (a0, d0) = (first.anchor, first.value)
            var equations = NormalEquations(size: size)
            for measurement in measurements.dropFirst() {
                let (a, d) = (measurement.anchor, measurement.value)
                let row = geometry.unknowns(of: (a - a0) * -2)
                equations.add(row: row, residual: d * d - d0 * d0 - constant(a) + constant(a0), weight: 1)
            }
            return equations.solution()
        }
        if clocks > 0 {
            return linearisedPseudorangeStart(measurements, clocks: clocks, constant: constant)
        }
        guard measurements.count > size, let reference = measurements.first?.reference,
              measurements.allSatisfy({ $0.reference?.index == reference.index }) else {
            return nil
        }
        // With dᵢ = d_r + Δᵢ: −2(aᵢ − a_r)·p − 2Δᵢ·d_r = Δᵢ² − c(aᵢ) + c(a_r), linear in (p, d_r).
        var equations = NormalEquations(size: size + 1)
        for measurement in measurements {
            let (a, delta) = (measurement.anchor, measurement.value)
            let row = geometry.unknowns(of: (a - reference.position) * -2) + [-2 * delta]
            equations.add(row: row, residual: delta * delta - constant(a) + constant(reference.position), weight: 1)
        }
        return equations.solution().map { Array($0.prefix(size)) }
    }

    /// The linearised start of pseudoranges alone, when there are enough: with dᵢ = ρᵢ − b for
    /// clock offset b, each pseudorange less its clock's first gives
    /// −2(aᵢ − a₀)·p + 2(ρᵢ − ρ₀)·b = ρᵢ² − ρ₀² − c(aᵢ) + c(a₀), linear in (p, b).
    private func linearisedPseudorangeStart(
        _ measurements: [ResolvedMeasurement], clocks: Int, constant: (Vector3) -> Double
    ) -> [Double]? {
        let size = geometry.unknowns
        var first = [(Vector3, Double)?](filled: nil, count: clocks)
        var equations = NormalEquations(size: size + clocks)
        var row = Array(zeros: size)
        var count = 0
        for measurement in measurements {
            guard let index = measurement.clock else { return nil }
            let a = measurement.anchor
            guard let (a0, rho0) = first[index] else {
                first[index] = (a, measurement.value)
                continue
            }
            let rho = measurement.value
            for axis in 0..<size {
                row[axis] = geometry.coordinate(axis, of: (a - a0) * -2)
            }
            let residual = rho * rho - rho0 * rho0 - constant(a) + constant(a0)
            row.withUnsafeBufferPointer { row in
                equations.add(leading: row, extra: (size + index, 2 * (rho - rho0)), residual: residual, weight: 1)
            }
            count += 1
        }
        guard count >= size + clocks else { return nil }
        return equations.solution()
    }

    /// The 99.9 % quantile of the chi-square distribution with `degreesOfFreedom` degrees of
    /// freedom, per degree of freedom (``ChiSquarePoint/outlier``): a normalised residual above it
    /// means the measurements disagree with their stated errors.
    static func consistencyBound(degreesOfFreedom: Int) -> Double {
        ChiSquarePoint.outlier.perDegreeOfFreedom(degreesOfFreedom)
    }
}
