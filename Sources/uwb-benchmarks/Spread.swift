/// The median and range of repeated measurements of one quantity.
struct Spread {
    /// The middle value (the mean of the two middle values for an even count).
    let median: Double
    /// The smallest value.
    let minimum: Double
    /// The largest value.
    let maximum: Double

    /// The spread of `values`; nil when there are none.
    init?(_ values: [Double]) {
        let sorted = values.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = first
        maximum = last
    }

    /// The range of the measurements as a percentage of the median, 0 for a single one.
    var relativeRange: Double {
        median == 0 ? 0 : (maximum - minimum) / median * 100
    }
}
