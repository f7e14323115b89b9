/// The mean, standard deviation and root-mean-square of a sample of errors.
struct ErrorMoments {
    /// How many values.
    let count: Int
    /// Their mean.
    let mean: Double
    /// Their sample standard deviation (divisor n − 1); 0 for fewer than two values.
    let standardDeviation: Double
    /// Their root mean square (about zero, not the mean).
    let rootMeanSquare: Double

    /// The statistics of `values`; nil when there are none.
    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let n = Double(values.count)
        count = values.count
        let average = values.reduce(0, +) / n
        mean = average
        let squares = values.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        standardDeviation = values.count > 1 ? (squares / (n - 1)).squareRoot() : 0
        rootMeanSquare = (values.reduce(0) { $0 + $1 * $1 } / n).squareRoot()
    }

    /// The standard error of the mean.
    var standardError: Double { standardDeviation / Double(count).squareRoot() }
}
