import UWBEmulator

/// The frames of a pcapng trace over time: for each receiver, the level at which each frame it
/// decoded arrived; the frames that reached a receiver but were not decoded (lost, collided,
/// rejected or not listened for) as one more series.
public enum TraceFigure {
    /// The figure of `records`, read from `source` (named in the caption).
    ///
    /// - Throws: ``PlotError/nothingToPlot(path:what:)`` when no frame reached any receiver.
    public static func make(_ records: [TraceRecord], source: String) throws(PlotError) -> Figure {
        var receivers: [String] = []
        var decoded: [String: [PlotPoint]] = [:]
        var notDecoded: [PlotPoint] = []
        for record in records {
            let seconds = SimulationTime(picoseconds: record.time).seconds
            for reception in record.receptions {
                let point = PlotPoint(x: seconds, y: reception.level.dBm)
                guard reception.outcome == .received else {
                    notDecoded.append(point)
                    continue
                }
                if decoded[reception.receiver] == nil { receivers.append(reception.receiver) }
                decoded[reception.receiver, default: []].append(point)
            }
        }
        var series = receivers.enumerated().map { index, receiver in
            Series(name: "received by \(receiver)", style: .points, colour: index, points: decoded[receiver] ?? [])
        }
        if !notDecoded.isEmpty {
            series.append(Series(name: "not decoded (any receiver)", style: .points, colour: PlotStyle.apartColour, points: notDecoded))
        }
        guard !series.isEmpty else {
            throw .nothingToPlot(path: source, what: "\(records.count) frames, none of which reached a receiver; nothing to draw")
        }
        return Figure(
            title: "Received level of each frame",
            caption: "\(records.count) frames from \(source)",
            xAxis: Axis(title: "time (s)"), yAxis: Axis(title: "received level (dBm)"), series: series)
    }
}
