import UWBCore

/// The normal equations of a small weighted least-squares problem, JᵀWJ·δ = JᵀW·r, for the few
/// unknowns of a position fix (its coordinates and the clock offsets of its pseudoranges), solved by
/// Cholesky decomposition.
struct NormalEquations {
    /// The number of unknowns.
    let size: Int
    /// In one array, so that the equations take one allocation: JᵀWJ row by row (only its lower
    /// triangle, the elements at and below the diagonal, as ``add(row:residual:weight:)`` builds it,
    /// the only part the Cholesky factor reads), then the lower-triangular Cholesky factor of JᵀWJ
    /// row by row as the last solution or inverse made it (kept, so that factoring again takes no
    /// new storage), then JᵀW·r.
    private var storage: [Double]

    /// Empty equations in `size` unknowns.
    init(size: Int) {
        self.size = size
        storage = Array(zeros: 2 * size * size + size)
    }

    /// Equations whose JᵀWJ is `matrix` (row by row, `size` × `size`), with JᵀW·r zero: a way to
    /// invert a symmetric positive-definite matrix.
    init(matrix: [Double], size: Int) {
        self.init(size: size)
        for index in 0..<(size * size) {
            storage[index] = matrix[index]
        }
    }

    /// Where the factor starts in ``storage``.
    private var lowerStart: Int { size * size }
    /// Where JᵀW·r starts in ``storage``.
    private var vectorStart: Int { 2 * size * size }

    /// Takes every equation out, keeping the storage.
    mutating func removeAll() {
        storage.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Adds one equation: `row`·δ = `residual`, weighted by `weight` (`row` has a coefficient for
    /// every unknown, at least ``size`` of them).
    mutating func add(row: [Double], residual: Double, weight: Double) {
        precondition(row.count >= size, "an equation needs a coefficient for every unknown")
        let size = self.size
        row.withUnsafeBufferPointer { add(leading: UnsafeBufferPointer(rebasing: $0[..<size]), extra: nil, residual: residual, weight: weight) }
    }

    /// Adds one equation, `row`·δ = `residual` weighted by `weight`, whose row is `leading` (its
    /// first coefficients, at most ``size``) then zeros, but for the coefficient of `extra` at its
    /// index (one after `leading`'s): a pseudorange's, 1 for its clock's offset.
    ///
    /// Where `weight`, `residual`, the coefficients and `weight` times `extra`'s are finite, it
    /// leaves out the products of the zeros: each is ±0, and adding ±0 leaves a sum as it was (none
    /// is −0: each starts at +0, and one that cancels is +0). Then it adds what the whole row
    /// would, in the same order; where one is not, it adds the whole row's products.
    mutating func add(leading: UnsafeBufferPointer<Double>, extra: (index: Int, coefficient: Double)?, residual: Double, weight: Double) {
        let size = self.size
        let count = leading.count
        precondition(count <= size && extra.map { count <= $0.index && $0.index < size } ?? true, "an equation's coefficients are for the unknowns")
        let vector = vectorStart
        var isFinite = weight.isFinite && residual.isFinite && extra.map { (weight * $0.coefficient).isFinite } ?? true
        for coefficient in leading where !coefficient.isFinite {
            isFinite = false
        }
        /// The row's coefficient `j`.
        func coefficient(_ j: Int) -> Double {
            if j < count { return leading[j] }
            guard let extra, extra.index == j else { return 0 }
            return extra.coefficient
        }
        // Through the buffer, taken once: each element's update then checks neither the array's
        // uniqueness nor its bounds again (the sums are the same, in the same order).
        storage.withUnsafeMutableBufferPointer { storage in
            guard isFinite else {
                for i in 0..<size {
                    let weighted = weight * coefficient(i)
                    storage[vector + i] += weighted * residual
                    for j in 0...i {
                        storage[i * size + j] += weighted * coefficient(j)
                    }
                }
                return
            }
            for i in 0..<count {
                let weighted = weight * leading[i]
                storage[vector + i] += weighted * residual
                for j in 0...i {
                    storage[i * size + j] += weighted * leading[j]
                }
            }
            guard let (i, extraCoefficient) = extra else { return }
            let weighted = weight * extraCoefficient
            storage[vector + i] += weighted * residual
            for j in 0..<count {
                storage[i * size + j] += weighted * leading[j]
            }
            storage[i * size + i] += weighted * extraCoefficient
        }
    }

    /// Factors JᵀWJ into the factor's part of ``storage``: false when it is not positive definite
    /// to working precision (a pivot below 10⁻¹⁰ of the largest diagonal element), some direction
    /// not being observed.
    private mutating func factorise() -> Bool {
        let size = self.size
        let lowerStart = self.lowerStart
        // Through the buffer, taken once: the same sums in the same order, without a check of the
        // array's uniqueness or bounds per element.
        return storage.withUnsafeMutableBufferPointer { storage in
            let matrix = UnsafeBufferPointer(rebasing: storage[..<lowerStart])
            let lower = UnsafeMutableBufferPointer(rebasing: storage[lowerStart..<(lowerStart + size * size)])
            // The largest diagonal element, as `max()` of the diagonal finds it, without that array.
            var largest = size > 0 ? matrix[0] : 0
            for i in 0..<size where largest < matrix[i * size + i] {
                largest = matrix[i * size + i]
            }
            guard largest > 0 else { return false }
            for i in 0..<size {
                for j in 0...i {
                    var sum = matrix[i * size + j]
                    for k in 0..<j {
                        sum -= lower[i * size + k] * lower[j * size + k]
                    }
                    if i == j {
                        guard sum > 1e-10 * largest else { return false }
                        lower[i * size + i] = sum.squareRoot()
                    } else {
                        lower[i * size + j] = sum / lower[j * size + j]
                    }
                }
            }
            return true
        }
    }

    /// Puts δ into `solution` (at least ``size`` elements, the first ``size`` taking it); false,
    /// leaving it as it was, when JᵀWJ is singular to working precision.
    mutating func solve(into solution: inout [Double]) -> Bool {
        precondition(solution.count >= size, "a solution needs room for every unknown")
        guard factorise() else { return false }
        let size = self.size
        let (lowerStart, vectorStart) = (self.lowerStart, self.vectorStart)
        storage.withUnsafeBufferPointer { storage in
            solution.withUnsafeMutableBufferPointer { solution in
                for i in 0..<size {
                    solution[i] = storage[vectorStart + i]
                }
                Self.substitute(lower: UnsafeBufferPointer(rebasing: storage[lowerStart..<vectorStart]), size: size, solution)
            }
        }
        return true
    }

    /// δ, or nil when JᵀWJ is singular to working precision.
    mutating func solution() -> [Double]? {
        var solution = Array(zeros: size)
        return solve(into: &solution) ? solution : nil
    }

    /// The first `count` rows and columns of (JᵀWJ)⁻¹, row by row: the covariance of the first
    /// `count` unknowns (all of them for ``size``), or nil when JᵀWJ is singular to working
    /// precision. Each column of the inverse is solved for on its own, so those left out change
    /// none of these.
    mutating func inverse(leading count: Int) -> [Double]? {
        precondition(count <= size, "an inverse's block is of the unknowns")
        guard factorise() else { return nil }
        let size = self.size
        let (lowerStart, vectorStart) = (self.lowerStart, self.vectorStart)
        var inverse = Array(zeros: count * count)
        var solved = Array(zeros: size)
        storage.withUnsafeBufferPointer { storage in
            let lower = UnsafeBufferPointer(rebasing: storage[lowerStart..<vectorStart])
            solved.withUnsafeMutableBufferPointer { solved in
                for column in 0..<count {
                    for row in 0..<size {
                        solved[row] = row == column ? 1 : 0
                    }
                    Self.substitute(lower: lower, size: size, solved)
                    for row in 0..<count {
                        inverse[row * count + column] = solved[row]
                    }
                }
            }
        }
        return inverse
    }

    /// Turns `b` into x with L·Lᵀ·x = b: forward substitution (L·y = b), then back (Lᵀ·x = y).
    private static func substitute(lower: UnsafeBufferPointer<Double>, size: Int, _ b: UnsafeMutableBufferPointer<Double>) {
        for i in 0..<size {
            for k in 0..<i {
                b[i] -= lower[i * size + k] * b[k]
            }
            b[i] /= lower[i * size + i]
        }
        for i in stride(from: size - 1, through: 0, by: -1) {
            for k in (i + 1)..<size {
                b[i] -= lower[k * size + i] * b[k]
            }
            b[i] /= lower[i * size + i]
        }
    }
}
