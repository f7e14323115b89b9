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

    /// The columns of the table and the CSV, in order.
    static let columns = [
        "line", "symbols", "noise", "threshold", "chip_threshold", "first_path", "chip_first_path", "first_path_difference",
        "rx_level_dbm", "chip_rx_level_dbm", "rx_level_difference_db", "fp_level_dbm", "chip_fp_level_dbm", "fp_level_difference_db",
    ]

    /// Prints what comes before the first frame.
    func begin() {
        switch format {
        case .table: print(Self.tableHeader)
        case .csv: print(Self.columns.joined(separator: ","))
        case .json: break
        }
    }

    /// Prints one frame's line.
    mutating func add(_ frame: LoggedAccumulator, _ detection: AccumulatorDetection) {
        let chip = frame.chip
        let index = chip.firstPathIndex.map { detection.edge.index - $0 }
        let received = chip.receivedLevel.map { detection.receivedLevel.dBm - $0.dBm }
        let firstPath = chip.firstPathLevel.map { detection.firstPathLevel.dBm - $0.dBm }
        frames += 1
        index.map { indexDifferences.append($0) }
        received.map { receivedDifferences.append($0) }
        firstPath.map { firstPathDifferences.append($0) }
        let values: [Double?] = [
            Double(frame.line), Double(frame.preambleSymbols), detection.noise, detection.edge.threshold, chip.threshold,
            detection.edge.index, chip.firstPathIndex, index, detection.receivedLevel.dBm, chip.receivedLevel?.dBm, received,
            detection.firstPathLevel.dBm, chip.firstPathLevel?.dBm, firstPath,
        ]
        let decimals = [0, 0, 1, 1, 1, 4, 4, 4, 2, 2, 2, 2, 2, 2]
        switch format {
        case .table:
            let signed: Set<Int> = [7, 10, 13]
            let cells = zip(values, decimals).enumerated().map { column, pair in
                pair.0.map { String(format: signed.contains(column) ? "%+.\(pair.1)f" : "%.\(pair.1)f", $0) } ?? "–"
            }
            print(zip(cells, Self.widths).map { TableText.padded($0, $1, right: true) }.joined(separator: " "))
        case .csv:
            print(zip(values, decimals).map { value, digits in value.map { String(format: "%.\(digits)f", $0) } ?? "" }.joined(separator: ","))
        case .json:
            let fields = zip(Self.columns, zip(values, decimals)).map { key, pair in
                (key, pair.1 == 0 ? pair.0.map { String(Int($0)) } ?? "null" : JSONText.number(pair.0, decimals: pair.1))
            }
            print(JSONText.object(fields))
        }
    }

    /// Prints what comes after the last frame: the table's summary.
    func end() {
        guard format == .table else { return }
        print(Self.summary(frames: frames, index: indexDifferences, received: receivedDifferences, firstPath: firstPathDifferences))
    }

    /// The table's column widths.
    private static let widths = [7, 7, 7, 9, 9, 9, 9, 7, 8, 8, 6, 8, 8, 6]

    /// The table's header line.
    private static var tableHeader: String {
        let titles = ["line", "symbols", "noise", "threshold", "chip's", "first", "chip's", "Δ tap", "RX dBm", "chip's", "Δ dB", "FP dBm", "chip's", "Δ dB"]
        return zip(titles, widths).map { TableText.padded($0, $1, right: true) }.joined(separator: " ")
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
