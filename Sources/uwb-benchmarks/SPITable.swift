/// The markdown table of the SPI micro-benchmarks: one row per operation, medians over the
/// repetitions with the range of the transaction rate.
struct SPITable {
    /// The repetitions of each operation, in order.
    let results: [(operation: String, runs: [SPIMeasurement])]

    /// The table.
    var markdown: String {
        var lines = [
            "| operation | calls per run | runs | SPI transactions per call | calls/s (median) | SPI transactions/s (median) | min–max transactions/s |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for (operation, runs) in results {
            guard let first = runs.first, let calls = Spread(runs.map(\.callsPerSecond)),
                  let transactions = Spread(runs.map(\.transactionsPerSecond))
            else { continue }
            let cells = [
                operation, "\(first.calls)", "\(runs.count)", Formatting.fixed(first.transactionsPerCall, 1),
                Formatting.rate(calls.median), Formatting.rate(transactions.median),
                "\(Formatting.rate(transactions.minimum))–\(Formatting.rate(transactions.maximum))",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
