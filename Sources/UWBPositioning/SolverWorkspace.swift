/// The storage of the solver's Gauss-Newton iterations: the normal equations at the unknowns and
/// at a candidate step, the step, the unknowns and the candidate, and the row each equation's
/// position coefficients are put in. A caller that fixes again and again (a locator) keeps one, so
/// that a fix of as many unknowns as the last takes no new storage; every iteration overwrites
/// what it reads, so what an earlier fix left changes nothing.
struct SolverWorkspace {
    var equations = NormalEquations(size: 0)
    var next = NormalEquations(size: 0)
    var step: [Double] = []
    var unknowns: [Double] = []
    var candidate: [Double] = []
    var row: [Double] = []

    /// Makes it ready for a refinement from `start`: the unknowns `start`, the storage sized for
    /// `count` unknowns, `position` of them the position's.
    mutating func prepare(from start: [Double], unknowns count: Int, position: Int) {
        if equations.size != count {
            equations = NormalEquations(size: count)
            next = NormalEquations(size: count)
            step = Array(zeros: count)
            candidate = Array(zeros: count)
        }
        if row.count != position {
            row = Array(zeros: position)
        }
        unknowns.removeAll(keepingCapacity: true)
        unknowns.append(contentsOf: start)
    }
}
