import Foundation

/// A channel impulse response: the magnitude of each tap against its accumulator index, the
/// detection's threshold as a horizontal line (from the emulator's truth) and vertical lines where
/// the straight line between the antennas and the direct path land (truth) and where the chip's
/// leading-edge detection put the first path, drawn in that order so that the detected and the true
/// first path lie on top. Markers outside the taps drawn are left out and named in the caption.
public enum CIRFigure {
    /// The figure of `document`, read from `source` (named in the caption): all its taps, or with
    /// `around`, those within that many of the tap its detected first path falls in.
    ///
    /// - Throws: ``PlotError/nothingToPlot(path:what:)`` when the document has no samples, or
    ///   `around` is given for a response without a detected first path.
    public static func make(_ document: CIRDocument, source: String, around: Int? = nil) throws(PlotError) -> Figure {
        guard !document.samples.isEmpty else {
            throw .nothingToPlot(path: source, what: "the response has no samples; read one with `uwb cir --format json`")
        }
        let indices = try window(document, source: source, around: around)
        let magnitudes = document.samples[(indices.lowerBound - document.firstSampleIndex)..<(indices.upperBound - document.firstSampleIndex)]
            .map(\.magnitude)
        let top = max(magnitudes.max() ?? 0, document.truth?.threshold ?? 0)
        let span = Double(indices.lowerBound)...Double(indices.upperBound - 1)
        var series = [
            Series(name: "magnitude", style: .line, colour: 0, points: zip(indices, magnitudes).map { PlotPoint(x: Double($0), y: $1) })
        ]
        var notes: [String] = []
        func marker(_ name: String, at index: Double?, colour: Int) {
            guard let index else { return }
            guard span.contains(index) else {
                notes.append("\(name) at \(tap(index)) lies outside the taps drawn")
                return
            }
            series.append(Series(
                name: "\(name) \(tap(index))", style: .line, colour: colour,
                points: [PlotPoint(x: index, y: 0), PlotPoint(x: index, y: top)]))
        }
        if let truth = document.truth {
            if let threshold = truth.threshold {
                series.append(Series(
                    name: "threshold \(String(format: "%.1f", locale: nil, threshold))", style: .line, colour: PlotStyle.apartColour,
                    points: [PlotPoint(x: span.lowerBound, y: threshold), PlotPoint(x: span.upperBound, y: threshold)]))
            }
            marker("straight line", at: truth.straightLineIndex, colour: 3)
            if truth.directPathIndex == nil {
                notes.append("no direct path came through")
            }
            marker("true first path", at: truth.directPathIndex, colour: 2)
        }
        marker("detected first path", at: document.firstPathIndex, colour: 1)
        let symbols = document.preambleSymbols.map { ", \($0) symbols accumulated" } ?? ""
        let caption = "taps \(indices.lowerBound)..<\(indices.upperBound) from \(source)\(symbols)" + notes.map { "; \($0)" }.joined()
        return Figure(
            title: "Channel impulse response: \(document.device) chip \(document.chip), \(document.accumulator) accumulator",
            caption: caption,
            xAxis: Axis(title: "accumulator tap (1 tap = \(String(format: "%.4f", locale: nil, document.tapSpacingNanoseconds)) ns)"),
            yAxis: Axis(title: "magnitude (chip units)"), series: series, mustShow: [PlotPoint(x: span.lowerBound, y: 0)])
    }

    /// The accumulator indices to draw: all of the document's, or those within `around` of the tap
    /// its first path falls in.
    private static func window(_ document: CIRDocument, source: String, around: Int?) throws(PlotError) -> Range<Int> {
        let all = document.sampleIndices
        guard let around else { return all }
        guard let firstPath = document.firstPathIndex, let centre = Int(exactly: firstPath.rounded(.down)) else {
            throw .nothingToPlot(
                path: source, what: "the response has no detected first path to draw the taps around; leave --around out")
        }
        let reach = min(max(around, 0), all.count)
        let lower = max(all.lowerBound, centre - reach)
        let upper = min(all.upperBound, centre + reach + 1)
        guard lower < upper else {
            throw .nothingToPlot(path: source, what: "no tap of the response lies within \(around) of its first path \(tap(firstPath))")
        }
        return lower..<upper
    }

    /// A tap index with two decimals, for example `745.25`.
    private static func tap(_ index: Double) -> String {
        String(format: "%.2f", locale: nil, index)
    }
}
