import UWBPlot

/// The 10th, 50th and 90th percentiles of a sample (``UWBPlot/ErrorMoments/quantile(_:ofSorted:)``).
struct Quantiles {
    /// The values, sorted.
    private let sorted: [Double]

    /// The quantiles of `values`.
    init(_ values: [Double]) {
        sorted = values.sorted()
    }

    var p10: Double { SampleStatistics.quantile(0.1, ofSorted: sorted) }
    var median: Double { SampleStatistics.quantile(0.5, ofSorted: sorted) }
    var p90: Double { SampleStatistics.quantile(0.9, ofSorted: sorted) }
}
