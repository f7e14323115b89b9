/// The update rates of a set of ranging pairs: the order statistics the mesh benchmark reports
/// and Jain's fairness index, (Σx)² / (n·Σx²), 1 when every pair ranges equally often and 1/n
/// when one pair has all the updates (R. Jain, D. Chiu, W. Hawe, "A quantitative measure of
/// fairness and discrimination for resource allocation in shared computer systems", DEC-TR-301, 1984).
struct PairRates {
    /// The rates, smallest first.
    let sorted: [Double]

    /// The statistics of `rates` (per second, one per pair).
    init(_ rates: [Double]) {
        sorted = rates.sorted()
    }

    /// The median rate; 0 for no pairs.
    var median: Double { quantile(0.5) }

    /// The rate a tenth of the pairs fall below (nearest rank); 0 for no pairs.
    var tenthPercentile: Double { quantile(0.1) }

    /// The lowest rate; 0 for no pairs.
    var minimum: Double { sorted.first ?? 0 }

    /// The sum of the rates.
    var total: Double { sorted.reduce(0, +) }

    /// Jain's fairness index; 1 for no pairs or no updates at all.
    var fairness: Double {
        let squares = sorted.reduce(0) { $0 + $1 * $1 }
        guard squares > 0 else { return 1 }
        return total * total / (Double(sorted.count) * squares)
    }

    /// The nearest-rank quantile `q` (0…1).
    private func quantile(_ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
