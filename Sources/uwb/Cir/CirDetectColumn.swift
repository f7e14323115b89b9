import Foundation
import UWBEmulator
import UWBPlot

/// One column of `uwb cir detect`'s output: its key (the CSV header and the JSON key), its title and width in
/// the table, its decimals, whether it is a difference (printed with its sign), and its value for a frame.
struct CirDetectColumn: Sendable {
    let key: String
    let title: String
    let width: Int
    let decimals: Int
    let isDifference: Bool
    /// The column's value for a frame and our detection of it; nil where the log has none.
    let value: @Sendable (LoggedAccumulator, AccumulatorDetection) -> Double?

    /// The columns, in order (`Docs/cir.md`).
    static let all: [CirDetectColumn] = [
        CirDetectColumn(key: "line", title: "line", width: 7, decimals: 0) { frame, _ in Double(frame.line) },
        CirDetectColumn(key: "symbols", title: "symbols", width: 7, decimals: 0) { frame, _ in Double(frame.preambleSymbols) },
        CirDetectColumn(key: "noise", title: "noise", width: 7, decimals: 1) { _, detection in detection.noise },
        CirDetectColumn(key: "threshold", title: "threshold", width: 9, decimals: 1) { _, detection in detection.edge.threshold },
        CirDetectColumn(key: "chip_threshold", title: "chip's", width: 9, decimals: 1) { frame, _ in frame.chip.threshold },
        CirDetectColumn(key: "first_path", title: "first", width: 9, decimals: 4) { _, detection in detection.edge.index },
        CirDetectColumn(key: "chip_first_path", title: "chip's", width: 9, decimals: 4) { frame, _ in frame.chip.firstPathIndex },
        CirDetectColumn(key: "first_path_difference", title: "Δ tap", width: 7, decimals: 4, isDifference: true, value: indexDifference),
        CirDetectColumn(key: "rx_level_dbm", title: "RX dBm", width: 8, decimals: 2) { _, detection in detection.receivedLevel.dBm },
        CirDetectColumn(key: "chip_rx_level_dbm", title: "chip's", width: 8, decimals: 2) { frame, _ in frame.chip.receivedLevel?.dBm },
        CirDetectColumn(key: "rx_level_difference_db", title: "Δ dB", width: 6, decimals: 2, isDifference: true, value: receivedDifference),
        CirDetectColumn(key: "fp_level_dbm", title: "FP dBm", width: 8, decimals: 2) { _, detection in detection.firstPathLevel.dBm },
        CirDetectColumn(key: "chip_fp_level_dbm", title: "chip's", width: 8, decimals: 2) { frame, _ in frame.chip.firstPathLevel?.dBm },
        CirDetectColumn(key: "fp_level_difference_db", title: "Δ dB", width: 6, decimals: 2, isDifference: true, value: firstPathDifference),
    ]

    /// Ours − the chip's first path, in taps.
    static let indexDifference: @Sendable (LoggedAccumulator, AccumulatorDetection) -> Double? = { frame, detection in
        frame.chip.firstPathIndex.map { detection.edge.index - $0 }
    }
    /// Ours − the chip's RX level, in dB.
    static let receivedDifference: @Sendable (LoggedAccumulator, AccumulatorDetection) -> Double? = { frame, detection in
        frame.chip.receivedLevel.map { detection.receivedLevel.dBm - $0.dBm }
    }
    /// Ours − the chip's first-path level, in dB.
    static let firstPathDifference: @Sendable (LoggedAccumulator, AccumulatorDetection) -> Double? = { frame, detection in
        frame.chip.firstPathLevel.map { detection.firstPathLevel.dBm - $0.dBm }
    }

    /// A column that is not a difference.
    init(key: String, title: String, width: Int, decimals: Int, value: @escaping @Sendable (LoggedAccumulator, AccumulatorDetection) -> Double?) {
        self.init(key: key, title: title, width: width, decimals: decimals, isDifference: false, value: value)
    }

    /// A column with every property given.
    init(
        key: String, title: String, width: Int, decimals: Int, isDifference: Bool,
        value: @escaping @Sendable (LoggedAccumulator, AccumulatorDetection) -> Double?
    ) {
        self.key = key
        self.title = title
        self.width = width
        self.decimals = decimals
        self.isDifference = isDifference
        self.value = value
    }

    /// `value` as the table shows it: its decimals, a difference with its sign, "–" for none.
    func tableCell(_ value: Double?) -> String {
        value.map { String(format: isDifference ? "%+.\(decimals)f" : "%.\(decimals)f", $0) } ?? "–"
    }

    /// `value` as the CSV has it: its decimals, empty for none.
    func csvCell(_ value: Double?) -> String {
        value.map { String(format: "%.\(decimals)f", $0) } ?? ""
    }

    /// `value` as JSON: a whole number for a column without decimals, `null` for none.
    func jsonValue(_ value: Double?) -> String {
        decimals == 0 ? value.map { String(Int($0)) } ?? "null" : JSONText.number(value, decimals: decimals)
    }
}
