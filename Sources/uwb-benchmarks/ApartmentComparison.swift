import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// The measured apartment's links ranged in the emulator, and the statistics of `Docs/benchmarks.md`,
/// "The channel against measurements", beside the measured ones: per class the RX − FP gap, the range
/// error relative to line of sight, the spread within and between links, RXPACC and the peak's place
/// after the first path; over all links the error's slope against the received level. Ranges on both
/// sides are as the timestamps give them, with no range-bias correction (the data set's `DistRaw`;
/// DecaRanging's `Dist` corrects by distance, the engine by level).
struct ApartmentComparison {
    /// What one emulated link gave.
    struct LinkResult {
        let label: String
        /// Per measurement: the DS-TWR distance as the timestamps give it (no bias correction, no filter) less
        /// the truth, metres; RX − FP and the RX level, dB and dBm.
        let errors: [Double]
        let gaps: [Double]
        let levels: [Double]
        /// Per sampled frame the initiator kept: RXPACC and the strongest tap's distance after the first path.
        let accumulated: [Double]
        let peakAfterFirstPath: [Double]

        var medianError: Double { Quantiles(errors).median }
        var medianLevel: Double { Quantiles(levels).median }
    }

    let reference: MeasuredReference
    let results: [LinkResult]

    /// Ranges every link of `reference` for `seconds` at `rate` in `realisations` realisations, pooled: in
    /// realisation r (from 0) link k's world has seed 1000·(`seed` + r − 1) + k, so that each gives every link
    /// another channel.
    init(reference: MeasuredReference, boards: String, rate: Double, seconds: Double, seed: UInt64, realisations: Int) throws {
        self.reference = reference
        let runs = (0..<UInt64(realisations)).flatMap { realisation in
            reference.links.enumerated().map { (realisation: realisation, index: $0.offset, link: $0.element) }
        }
        results = try runs.map { realisation, index, link in
            let world = ApartmentLinks.world(link, index: index, boards: boards)
            let worldSeed = (seed &+ realisation &- 1) &* 1000 &+ UInt64(index + 1)
            let ranging = try ScenarioRanging(scenario: try world.scenario(), seed: worldSeed, rate: rate)
            var accumulated: [Double] = []
            var peaks: [Double] = []
            let step = 1 / rate
            var time = step
            let initiator = ranging.emulation.devices[0].chips[0]
            while time <= seconds {
                ranging.run(until: SimulationTime(seconds: time))
                if let reading = initiator.lastPreambleReading {
                    accumulated.append(Double(reading.accumulator.accumulated))
                    peaks.append(Double(reading.edge.peakIndex) - reading.edge.index)
                }
                time += step
            }
            let records = ranging.initiatorRecords()
            progress("apartment link \(index + 1) of \(reference.links.count), realisation \(realisation + 1) (\(link.label), \(link.distance) m): \(records.count) rounds")
            let measurements = records.compactMap { pair -> (Double, Double, Double)? in
                let measurement = pair.record.measurement
                guard let timestamps = measurement.timestamps, let flight = try? TwoWayRanging.doubleSided(timestamps),
                      let level = measurement.receivedLevel, let first = measurement.firstPathLevel
                else { return nil }
                return (flight.distance.metres - pair.truth.distance.metres, level.dBm - first.dBm, level.dBm)
            }
            guard !measurements.isEmpty else { throw BenchmarkError.unexpected("no measurement on apartment link \(index + 1)") }
            return LinkResult(
                label: link.label, errors: measurements.map(\.0), gaps: measurements.map(\.1), levels: measurements.map(\.2),
                accumulated: accumulated, peakAfterFirstPath: peaks)
        }
    }

    /// The classes, in the data set's order.
    static let classes = ["LOS", "NLOS", "NDP"]

    /// The table of measured against emulated figures.
    var markdown: String {
        var table = MarkdownTable(["figure", "class", "measured", "emulated", "goal"])
        let losLinks = results.filter { $0.label == "LOS" }
        let losReference = Quantiles(losLinks.flatMap(\.errors)).median
        let losLinkReference = Quantiles(losLinks.map(\.medianError)).median
        for label in Self.classes {
            let links = results.filter { $0.label == label }
            let gaps = Quantiles(links.flatMap(\.gaps))
            let measured = { (key: String) in reference.value(["per_class", label, "rx_minus_fp_db", key]).map { Formatting.fixed($0, 1) } ?? "–" }
            table.append(["RX − FP p10 / p50 / p90 (dB)", label, "\(measured("p10")) / \(measured("p50")) / \(measured("p90"))",
                          "\(Formatting.fixed(gaps.p10, 1)) / \(Formatting.fixed(gaps.median, 1)) / \(Formatting.fixed(gaps.p90, 1))",
                          "median within 1.5 dB; ranges overlap"])
            let below = Double(links.flatMap(\.gaps).filter { $0 < 6 }.count) / Double(max(1, links.flatMap(\.gaps).count))
            table.append(["share of RX − FP below 6 dB", label,
                          reference.value(["per_class", label, "share_rx_minus_fp_below_6db"]).map { Formatting.fixed($0 * 100, 0) + " %" } ?? "–",
                          Formatting.fixed(below * 100, 0) + " %", ""])
            let error = Quantiles(links.flatMap(\.errors)).median - losReference
            table.append(["raw range error above LOS, median (m)", label,
                          reference.value(["per_class", label, "range_error_distraw_m", "median_minus_los_median"]).map { Self.signed($0) } ?? "–",
                          Self.signed(error), label == "NLOS" ? "within 0.10 m" : label == "NDP" ? "within 0.20 m" : ""])
            let within = Quantiles(links.map { ErrorMoments($0.errors)?.standardDeviation ?? 0 }).median
            table.append(["within-link SD, median over links (cm)", label,
                          reference.value(["per_class", label, "range_error_distraw_m", "within_link_sd", "median"]).map { Formatting.fixed($0 * 100, 1) } ?? "–",
                          Formatting.fixed(within * 100, 1), "1–4 cm"])
            let spread = links.map { $0.medianError - losLinkReference }
            let spreadStatistics = ErrorMoments(spread)
            let measuredSpread = ["sd", "min", "max"].map { reference.value(["per_class", label, "range_error_distraw_m", "between_link_spread_rel_los", $0]) }
            table.append(["link medians above LOS: SD; min … max (m)", label,
                          measuredSpread[0].map { Formatting.fixed($0, 2) + "; " + Self.signed(measuredSpread[1] ?? 0) + " … " + Self.signed(measuredSpread[2] ?? 0) } ?? "–",
                          Formatting.fixed(spreadStatistics?.standardDeviation ?? 0, 2) + "; " + Self.signed(spread.min() ?? 0) + " … " + Self.signed(spread.max() ?? 0),
                          label == "NDP" ? "spread of at least 0.3 m" : ""])
            let rxpacc = Quantiles(links.flatMap(\.accumulated))
            let measuredRxpacc = ["p10", "p50", "p90"].map { reference.value(["per_class", label, "rxpacc_psc", $0]).map { Formatting.fixed($0, 0) } ?? "–" }
            table.append(["RXPACC p10 / p50 / p90", label, measuredRxpacc.joined(separator: " / "),
                          "\(Formatting.fixed(rxpacc.p10, 0)) / \(Formatting.fixed(rxpacc.median, 0)) / \(Formatting.fixed(rxpacc.p90, 0))", ""])
            let peak = Quantiles(links.flatMap(\.peakAfterFirstPath))
            let measuredPeak = ["p10", "p50", "p90"].map { reference.value(["per_class", label, "peak_minus_hlp_taps", $0]).map { Formatting.fixed($0, 1) } ?? "–" }
            table.append(["peak after first path p10 / p50 / p90 (taps)", label, measuredPeak.joined(separator: " / "),
                          "\(Formatting.fixed(peak.p10, 1)) / \(Formatting.fixed(peak.median, 1)) / \(Formatting.fixed(peak.p90, 1))", ""])
        }
        let slope = LeastSquares(results.map { ($0.medianLevel, $0.medianError) })
        table.append(["raw error against RX level over link medians (m/dB; r)", "all",
                      (reference.value(["range_error_vs_level", "raw_vs_rx_level", "slope_m_per_db"]).map { Formatting.fixed($0, 3) } ?? "–")
                        + "; " + (reference.value(["range_error_vs_level", "raw_vs_rx_level", "pearson_r"]).map { Formatting.fixed($0, 2) } ?? "–"),
                      Formatting.fixed(slope.slope, 3) + "; " + Formatting.fixed(slope.correlation, 2), "negative, within 50 %"])
        let levels = Quantiles(results.filter { $0.label == "LOS" }.flatMap(\.levels))
        table.append(["RX level, LOS median (dBm)", "LOS",
                      reference.value(["per_class", "LOS", "rx_level_dbm", "p50"]).map { Formatting.fixed($0, 1) } ?? "–",
                      Formatting.fixed(levels.median, 1), "set by the transmit level"])
        return table.markdown
    }

    /// A length with its sign, in metres to the centimetre.
    static func signed(_ metres: Double) -> String {
        (metres >= 0 ? "+" : "") + Formatting.fixed(metres, 2)
    }
}
