import Foundation

/// A histogram of measured − true distance over every line that has both, in centimetres, with
/// the count, median and 95th percentile of the magnitude in the caption and the median as a line.
public enum ErrorFigure {
    /// The figure of `samples`, read from `source` (named in the caption).
    ///
    /// - Throws: ``PlotError/nothingToPlot(path:what:)`` when no sample has both distances.
    public static func make(_ samples: [DistanceSample], source: String) throws(PlotError) -> Figure {
        let errors = samples.compactMap { $0.error?.centimetres }.filter(\.isFinite)
        guard let statistics = SampleStatistics(errors), let low = errors.min(), let high = errors.max() else {
            throw .nothingToPlot(
                path: source, what: "no line has both a measured and a true distance, so there is no error to count")
        }
        let bins = NiceTicks(covering: low, high, count: PlotStyle.histogramBins)
        let edges = bins.values
        var counts = Array(repeating: 0, count: max(edges.count - 1, 1))
        for error in errors {
            let index = Int(((error - edges[0]) / bins.step).rounded(.down))
            counts[min(max(index, 0), counts.count - 1)] += 1
        }
        let bars = counts.enumerated().compactMap { index, count -> Region? in
            guard count > 0 else { return nil }
            let left = edges[0] + Double(index) * bins.step
            return Region.rectangle(
                name: "\(bins.label(left)) to \(bins.label(left + bins.step)) cm: \(count)",
                from: PlotPoint(x: left, y: 0), to: PlotPoint(x: left + bins.step, y: Double(count)),
                colour: 0, opacity: PlotStyle.barOpacity)
        }
        let tallest = Double(counts.max() ?? 0)
        let median = Series(
            name: "median \(signed(statistics.median)) cm", style: .line, colour: PlotStyle.apartColour,
            points: [PlotPoint(x: statistics.median, y: 0), PlotPoint(x: statistics.median, y: tallest)])
        return Figure(
            title: "Distance error (measured − true): n = \(statistics.count), median \(signed(statistics.median)) cm, "
                + "p95 |error| \(String(format: "%.2f", locale: nil, statistics.absolute95)) cm",
            caption: "\(bins.label(bins.step)) cm bins, from \(source)",
            xAxis: Axis(title: "measured − true distance (cm)"), yAxis: Axis(title: "measurements"),
            regions: bars, series: [median], mustShow: [PlotPoint(x: 0, y: 0)])
    }

    /// `value` with its sign and two decimals, for example `+1.25`.
    private static func signed(_ value: Double) -> String {
        String(format: "%+.2f", locale: nil, value)
    }
}
