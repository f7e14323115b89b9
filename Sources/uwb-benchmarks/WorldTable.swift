/// The markdown table of the world benchmarks: one row per device count, medians over the
/// repetitions with the range of the real-time factor.
struct WorldTable {
    /// The runs of each device count, in order.
    let results: [(devices: Int, runs: [WorldRun])]

    /// The table.
    var markdown: String {
        var lines = [
            "| devices | simulated s | runs | real-time factor (median) | min–max | wall s (median) | events/s | frames sent/s | frames received/s | SPI transactions/s | driver errors | digest |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for (devices, runs) in results {
            guard let first = runs.first, let factor = Spread(runs.map(\.realTimeFactor)),
                  let wall = Spread(runs.map(\.wall)),
                  let events = Spread(runs.map { Double($0.events) / $0.wall }),
                  let frames = Spread(runs.map { Double($0.frames) / $0.wall }),
                  let receptions = Spread(runs.map { Double($0.receptions) / $0.wall }),
                  let transactions = Spread(runs.map { Double($0.transactions) / $0.wall })
            else { continue }
            let cells = [
                "\(devices)", Formatting.fixed(first.simulated, 1), "\(runs.count)", Formatting.factor(factor.median),
                "\(Formatting.factor(factor.minimum))–\(Formatting.factor(factor.maximum))", Formatting.fixed(wall.median, 3),
                Formatting.rate(events.median), Formatting.rate(frames.median), Formatting.rate(receptions.median),
                Formatting.rate(transactions.median), "\(first.errors)", "`\(hex(first.digest))`",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
