import Foundation
import UWBCore

/// The range left after the engine's range-bias correction on clean links: two single-chip devices in
/// free space at several distances, on channels 2 and 5 with 128- and 1024-symbol preambles (850 kbps for
/// the long one). The median of the corrected, unfiltered distance less the truth, per world.
struct LineOfSightBias {
    /// One world's result.
    struct Row {
        let channel: Channel
        let preamble: Int
        let distance: Double
        let level: Double
        let bias: Double
    }

    let rows: [Row]

    /// Ranges each world for `seconds` at `rate`.
    init(boards: String, distances: [Double], seed: UInt64, rate: Double, seconds: Double) throws {
        var rows: [Row] = []
        for channel in [Channel.two, .five] {
            for preamble in [128, 1024] {
                for distance in distances {
                    var world = RangingWorld.pair(distance: distance, boards: boards)
                    world.radioChannel = channel
                    world.dataRateKbps = preamble > 256 ? 850 : 6800
                    world.radio = ["prfMHz": 64, "preambleLength": preamble, "preambleCode": 9]
                    let records = try world.run(seed: seed, rate: rate, seconds: seconds).initiatorRecords()
                    let errors = records.compactMap { pair in
                        pair.record.measurement.rawDistance.map { $0.metres - pair.truth.distance.metres }
                    }
                    let levels = records.compactMap { $0.record.measurement.receivedLevel?.dBm }
                    guard !errors.isEmpty else {
                        throw BenchmarkError.unexpected("no measurement on channel \(channel.number), \(preamble) symbols, \(distance) m")
                    }
                    progress("line-of-sight bias: channel \(channel.number), \(preamble) symbols, \(distance) m: \(errors.count) rounds")
                    rows.append(Row(channel: channel, preamble: preamble, distance: distance, level: Quantiles(levels).median,
                                    bias: Quantiles(errors).median))
                }
            }
        }
        self.rows = rows
    }

    /// The table.
    var markdown: String {
        var table = MarkdownTable(["channel", "preamble", "distance (m)", "RX level (dBm)", "bias after correction (cm)"])
        for row in rows {
            table.append([String(row.channel.number), "\(row.preamble) symbols", Formatting.fixed(row.distance, 0),
                          Formatting.fixed(row.level, 1), (row.bias >= 0 ? "+" : "") + Formatting.fixed(row.bias * 100, 1)])
        }
        return table.markdown
    }
}
