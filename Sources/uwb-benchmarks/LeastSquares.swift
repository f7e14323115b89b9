/// The least-squares line through points (x, y) and their Pearson correlation.
struct LeastSquares {
    /// dy/dx of the fitted line; NaN for fewer than two distinct x.
    let slope: Double
    /// Pearson's r.
    let correlation: Double

    /// The fit of `points`.
    init(_ points: [(Double, Double)]) {
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.0 } / n
        let my = points.reduce(0) { $0 + $1.1 } / n
        let sxy = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        let syy = points.reduce(0) { $0 + ($1.1 - my) * ($1.1 - my) }
        slope = sxy / sxx
        correlation = sxy / (sxx * syy).squareRoot()
    }
}
