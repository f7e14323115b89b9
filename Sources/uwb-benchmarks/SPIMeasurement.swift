/// One repetition of an SPI micro-benchmark: how many calls, how many SPI transactions they
/// made, and the wall time they took.
struct SPIMeasurement {
    /// Calls timed.
    var calls = 0
    /// SPI transactions the chip answered during them.
    var transactions = 0
    /// Wall-clock seconds spent in them.
    var seconds = 0.0

    /// Calls per wall second.
    var callsPerSecond: Double { Double(calls) / seconds }
    /// SPI transactions per wall second.
    var transactionsPerSecond: Double { Double(transactions) / seconds }
    /// Mean SPI transactions per call.
    var transactionsPerCall: Double { Double(transactions) / Double(max(calls, 1)) }
}
