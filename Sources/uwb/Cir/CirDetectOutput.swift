import Foundation
import UWBCore
import UWBEmulator
import UWBPlot

/// What `uwb cir detect` prints, frame by frame as the frames come: a table with a summary at the end, JSON
/// lines or CSV (`Docs/cir.md`, "Detecting the first path in a log").
struct CirDetectOutput {
    /// The format.
    let format: CirFormat
    /// The differences so far, ours − the chip's, for the table's summary.
    private var indexDifferences: [Double] = []
    private var receivedDifferences: [Double] = []
    private var firstPathDifferences: [Double] = []
    private var frames = 0

    /// Output in `format`.
    init(format: CirFormat) {
        self.format = format
    }

    /// Prints what comes before the first frame.
    func begin() {
        switch format {
        case .table: print(Self.tableHeader)
        case .csv: print(CirDetectColumn.all.map(\.key).joined(separator: ","))
        case .json: break
        }
    }

    /// Prints one frame's line.
    mutating func add(_ frame: LoggedAccumulator, _ detection: AccumulatorDetection) {
        frames += 1
        CirDetectColumn.indexDifference(frame, detection).map { indexDifferences.append($0) }
        CirDetectColumn.receivedDifference(frame, detection).map { receivedDifferences.append($0) }
        CirDetectColumn.firstPathDifference(frame, detection).map { firstPathDifferences.append($0) }
        let columns = CirDetectColumn.all
        let values = columns.map { $0.value(frame, detection) }
        switch format {
        case .table:
            print(zip(columns, values).map { TableText.padded($0.tableCell($1), $0.width, right: true) }.joined(separator: " "))
        case .csv:
            print(zip(columns, values).map { $0.csvCell($1) }.joined(separator: ","))
        case .json:
            print(JSONText.object(zip(columns, values).map { ($0.key, $0.jsonValue($1)) }))
        }
    }

    /// Prints what comes after the last frame: the table's summary.
    func end() {
        guard format == .table else { return }
        print(Self.summary(frames: frames, index: indexDifferences, received: receivedDifferences, firstPath: firstPathDifferences))
    }

    /// The table's header line.
    private static var tableHeader: String {
        CirDetectColumn.all.map { TableText.padded($0.title, $0.width, right: true) }.joined(separator: " ")
    }

    /// The summary: how many frames, and how far from the chip's values ours lie.
    static func summary(frames: Int, index: [Double], received: [Double], firstPath: [Double]) -> String {
        var lines = ["\(frames) frame\(frames == 1 ? "" : "s")"]
        if !index.isEmpty {
            let magnitudes = index.map(abs).sorted()
            lines.append(
                "first path against the chip's: median |Δ| \(String(format: "%.3f", SampleStatistics.quantile(0.5, ofSorted: magnitudes))) taps, "
                    + "within 1 tap in \(percent(index) { abs($0) <= 1 }) of \(index.count) frames")
        }
        for (name, values) in [("RX level", received), ("FP level", firstPath)] where !values.isEmpty {
            let sorted = values.sorted()
            lines.append(
                "\(name) against the chip's: median Δ \(String(format: "%+.2f", SampleStatistics.quantile(0.5, ofSorted: sorted))) dB, "
                    + "within 1 dB in \(percent(values) { abs($0) <= 1 }) of \(values.count) frames")
        }
        return lines.joined(separator: "\n")
    }

    /// The share of `values` that pass `test`, as a percentage.
    private static func percent(_ values: [Double], _ test: (Double) -> Bool) -> String {
        String(format: "%.1f %%", 100 * Double(values.filter(test).count) / Double(max(1, values.count)))
    }
}
