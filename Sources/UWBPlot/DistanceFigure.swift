/// Distance and true distance against time, one colour per device → peer pair: the measurements
/// as points, the truth as a line.
public enum DistanceFigure {
    /// The figure of `samples`, read from `source` (named in the caption).
    ///
    /// - Throws: ``PlotError/nothingToPlot(path:what:)`` when no sample has a distance or a truth.
    public static func make(_ samples: [DistanceSample], source: String) throws(PlotError) -> Figure {
        let pairs = OrderedGroups(samples, by: \.pairName).groups
        var series: [Series] = []
        for (index, (pair, ofPair)) in pairs.enumerated() {
            let measured = ofPair.compactMap { sample in sample.measured.map { PlotPoint(x: sample.seconds, y: $0.metres) } }
            let truth = ofPair.compactMap { sample in sample.truth.map { PlotPoint(x: sample.seconds, y: $0.metres) } }
            if !measured.isEmpty { series.append(Series(name: "\(pair) measured", style: .points, colour: index, points: measured)) }
            if !truth.isEmpty { series.append(Series(name: "\(pair) true", style: .line, colour: index, points: truth)) }
        }
        guard !series.isEmpty else {
            throw .nothingToPlot(path: source, what: "no line has a distance or a true distance; nothing to draw")
        }
        let measuredCount = samples.filter { $0.measured != nil }.count
        return Figure(
            title: "Distance and true distance against time",
            caption: "\(measuredCount) measurements of \(pairs.count) pair\(pairs.count == 1 ? "" : "s"), from \(source)",
            xAxis: Axis(title: "time (s)"), yAxis: Axis(title: "distance (m)"), series: series)
    }
}
