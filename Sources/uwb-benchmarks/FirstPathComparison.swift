import UWBCore
import UWBEmulator
import UWBPlot

/// One detection rule against the chips' own decisions on logged accumulators, per class of link: where the
/// first path lies (ours − the chip's FP_INDEX, in taps and centimetres of light), the received and first-path
/// levels against the logged ones, and the threshold.
struct FirstPathComparison {
    /// The rule's name, for the table's title.
    let rule: String
    /// The rule.
    let detector: LeadingEdgeDetector
    /// The differences per class.
    private var classes: [FirstPathDataSet.LinkClass: Differences] = [:]

    /// What one class gathered.
    private struct Differences {
        var index: [Double] = []
        /// Whether our first path falls in the chip's tap (floor(ours) = floor(FP_INDEX)), which sets FP_AMPL1–3.
        var sameTap: [Bool] = []
        var received: [Double] = []
        var firstPath: [Double] = []
        var threshold: [Double] = []
        var failed = 0
    }

    /// A comparison of `detector` named `rule`.
    init(rule: String, detector: LeadingEdgeDetector) {
        self.rule = rule
        self.detector = detector
    }

    /// Light's path over one tap: c × 64 device ticks, in centimetres.
    static let centimetresPerTap = AccumulatorFormat.tapSpacing * 299_792_458 * 100

    /// Runs the rule on `frame`, a frame of a `linkClass` link.
    mutating func add(_ frame: LoggedAccumulator, linkClass: FirstPathDataSet.LinkClass) {
        var differences = classes[linkClass] ?? Differences()
        defer { classes[linkClass] = differences }
        guard let detection = try? AccumulatorDetection(
            samples: frame.samples, firstIndex: frame.firstSampleIndex, symbols: frame.preambleSymbols,
            format: .dw1000(frame.pulseRepetitionFrequency), detector: detector)
        else {
            differences.failed += 1
            return
        }
        if let index = frame.chip.firstPathIndex {
            differences.index.append(detection.edge.index - index)
            differences.sameTap.append(detection.edge.index.rounded(.down) == index.rounded(.down))
        }
        if let level = frame.chip.receivedLevel {
            differences.received.append(detection.receivedLevel.dBm - level.dBm)
        }
        if let level = frame.chip.firstPathLevel {
            differences.firstPath.append(detection.firstPathLevel.dBm - level.dBm)
        }
        if let threshold = frame.chip.threshold, threshold > 0 {
            differences.threshold.append(detection.edge.threshold / threshold)
        }
    }

    /// The tables: the first path, then the levels.
    var markdown: String {
        var index = MarkdownTable([
            "class", "frames", "median (taps)", "p5 / p95 (taps)", "median \\|Δ\\| (taps)", "\\|Δ\\| ≤ 1 tap (goal)", "\\|Δ\\| ≤ 0.5 tap",
            "median \\|Δ\\| (cm)", "p95 \\|Δ\\| (cm)", "in the chip's tap",
        ])
        var levels = MarkdownTable([
            "class", "RX − RSL median (dB)", "p5 / p95 (dB)", "\\|RX − RSL\\| ≤ 1 dB", "FP − FSL median (dB)", "p5 / p95 (dB)",
            "\\|FP − FSL\\| ≤ 1 dB", "threshold / NTH median (p10 / p90)", "not detected",
        ])
        var all = Differences()
        let rows = FirstPathDataSet.LinkClass.allCases.compactMap { linkClass in classes[linkClass].map { (linkClass.rawValue, $0) } }
        for (_, differences) in rows {
            all.index += differences.index
            all.sameTap += differences.sameTap
            all.received += differences.received
            all.firstPath += differences.firstPath
            all.threshold += differences.threshold
            all.failed += differences.failed
        }
        for (name, differences) in rows + [("all", all)] {
            let goal = name == "LOS" ? 0.95 : name == "all" ? nil : 0.90
            index.append(Self.indexRow(name, differences.index, goal: goal)
                + [Self.percent(Self.share(differences.sameTap) { $0 })])
            levels.append(Self.levelRow(name, differences))
        }
        return "Where the first path lies, ours − the chip's FP_INDEX (1 tap = \(Formatting.fixed(Self.centimetresPerTap, 2)) cm of light):\n\n"
            + index.markdown + "\n\nLevels by the user manual's formulas, ours − the chip's logged ones, and our threshold over the chip's:\n\n"
            + levels.markdown
    }

    /// The first path's row of a class.
    private static func indexRow(_ name: String, _ values: [Double], goal: Double?) -> [String] {
        guard !values.isEmpty else { return [name, "0"] + Array(repeating: "–", count: 7) }
        let sorted = values.sorted()
        let digits = 3
        let magnitudes = values.map(abs).sorted()
        let within = share(values) { abs($0) <= 1 }
        let mark = goal.map { within >= $0 ? " (≥ \(percent($0)): met)" : " (≥ \(percent($0)): **missed**)" } ?? ""
        return [
            name, "\(values.count)", Formatting.signed(quantile(0.5, sorted), digits),
            "\(Formatting.signed(quantile(0.05, sorted), digits)) / \(Formatting.signed(quantile(0.95, sorted), digits))",
            Formatting.fixed(quantile(0.5, magnitudes), 3), percent(within) + mark, percent(share(values) { abs($0) <= 0.5 }),
            Formatting.fixed(quantile(0.5, magnitudes) * centimetresPerTap, 1), Formatting.fixed(quantile(0.95, magnitudes) * centimetresPerTap, 1),
        ]
    }

    /// The levels' row of a class.
    private static func levelRow(_ name: String, _ differences: Differences) -> [String] {
        func level(_ values: [Double]) -> [String] {
            guard !values.isEmpty else { return ["–", "–", "–"] }
            let sorted = values.sorted()
            let digits = 2
            return [
                Formatting.signed(quantile(0.5, sorted), digits),
                "\(Formatting.signed(quantile(0.05, sorted), digits)) / \(Formatting.signed(quantile(0.95, sorted), digits))",
                percent(share(values) { abs($0) <= 1 }),
            ]
        }
        let ratios = differences.threshold.sorted()
        let threshold = ratios.isEmpty ? "–"
            : "\(Formatting.fixed(quantile(0.5, ratios), 3)) (\(Formatting.fixed(quantile(0.1, ratios), 3)) / \(Formatting.fixed(quantile(0.9, ratios), 3)))"
        return [name] + level(differences.received) + level(differences.firstPath) + [threshold, "\(differences.failed)"]
    }

    private static func quantile(_ q: Double, _ sorted: [Double]) -> Double { SampleStatistics.quantile(q, ofSorted: sorted) }

    private static func share<Value>(_ values: [Value], _ test: (Value) -> Bool) -> Double {
        Double(values.filter(test).count) / Double(max(1, values.count))
    }

    private static func percent(_ value: Double) -> String { Formatting.fixed(100 * value, 1) + " %" }
}
