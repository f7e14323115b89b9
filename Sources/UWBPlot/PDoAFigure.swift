/// Phase difference of arrival against the peer's true angle, both in degrees: one colour per
/// device and chip, the measured phase differences as points, the corrected ones (where the file
/// has them) as points too, and the analytic curve 2π·d·sin θ/λ as a line where it is known.
public enum PDoAFigure {
    /// The figure of `samples`, read from `source` (named in the caption), with the `analytic`
    /// curves of the devices and chips the samples have.
    ///
    /// - Throws: ``PlotError/nothingToPlot(path:what:)`` when there are no samples.
    public static func make(_ samples: [PDoASample], source: String, analytic: [AnalyticPDoA] = []) throws(PlotError) -> Figure {
        guard !samples.isEmpty else {
            throw .nothingToPlot(path: source, what: "no samples; run `uwb calibrate pdoa --samples FILE` first")
        }
        var series: [Series] = []
        for (index, (key, ofChip)) in OrderedGroups(samples, by: ChipKey.init).groups.enumerated() {
            let name = "\(key.device) chip \(key.chip)"
            series.append(Series(
                name: "\(name) PDoA", style: .points, colour: 2 * index,
                points: ofChip.map { PlotPoint(x: $0.trueAngle.degrees, y: $0.pdoa.degrees) }))
            let corrected = ofChip.compactMap { sample in sample.corrected.map { PlotPoint(x: sample.trueAngle.degrees, y: $0.degrees) } }
            if !corrected.isEmpty {
                series.append(Series(name: "\(name) corrected", style: .points, colour: 2 * index + 1, points: corrected))
            }
            if let curve = analytic.first(where: { $0.device == key.device && $0.chip == key.chip }) {
                series.append(Series(
                    name: "\(name) 2πd·sinθ/λ", style: .line, colour: 2 * index + 1,
                    points: PlotStyle.analyticCurveDegrees.map { PlotPoint(x: $0, y: curve.pdoa(at: .degrees($0)).degrees) }))
            }
        }
        let curveNote = analytic.isEmpty ? "; give --scenario to draw 2πd·sinθ/λ" : ""
        return Figure(
            title: "Phase difference of arrival against true angle",
            caption: "\(samples.count) samples from \(source)\(curveNote)",
            xAxis: Axis(title: "true horizontal angle (°)"), yAxis: Axis(title: "phase difference (°)"), series: series)
    }

    /// A device and one of its chips.
    private struct ChipKey: Hashable {
        let device: String
        let chip: Int

        init(_ sample: PDoASample) {
            device = sample.device
            chip = sample.chip
        }
    }
}
