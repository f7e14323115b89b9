/// The count, median and 95th percentile of a set of values, as a histogram's caption gives them.
public struct SampleStatistics: Hashable, Sendable {
    /// How many values there are.
    public let count: Int
    /// The median of the values.
    public let median: Double
    /// The 95th percentile of the values' magnitudes: 95 % of the values lie within ±this.
    public let absolute95: Double

    /// The statistics of `values`, or `nil` when there are none. Percentiles interpolate linearly
    /// between the two nearest ranks (the estimate spreadsheets and NumPy use by default).
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        count = values.count
        median = Self.quantile(0.5, ofSorted: values.sorted())
        absolute95 = Self.quantile(0.95, ofSorted: values.map(abs).sorted())
    }

    /// The `q` quantile of the sorted `values` (`q` outside 0…1 is taken as the nearer bound);
    /// NaN when there are none.
    public static func quantile(_ q: Double, ofSorted values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let rank = min(max(q.isNaN ? 0 : q, 0), 1) * Double(values.count - 1)
        let below = Int(rank.rounded(.down))
        let above = min(below + 1, values.count - 1)
        return values[below] + (values[above] - values[below]) * (rank - Double(below))
    }
}
