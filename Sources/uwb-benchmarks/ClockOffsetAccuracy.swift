/// DS-TWR error with the two clocks at ±20 ppm against both at 0 ppm: two single-chip devices in
/// free space, one world per pair of offsets, the same seed (so the same noise draws, frame for
/// frame, and the per-round difference isolates what the clocks change).
struct ClockOffsetAccuracy {
    /// The results with one pair of clock offsets.
    struct Row {
        /// Initiator's and responder's offsets, ppm.
        let offsets: (initiator: Double, responder: Double)
        /// Raw distance − truth, metres.
        let raw: ErrorMoments
        /// Per round, this run's raw error − the 0 ppm run's (rounds matched by number).
        let paired: ErrorMoments?
    }

    /// The offsets measured: none, opposite and equal signs at the crystal tolerance.
    static let offsets: [(Double, Double)] = [(0, 0), (20, -20), (-20, 20), (20, 20), (-20, -20)]

    /// The true distance.
    let distance: Double
    /// One row per pair of offsets, the 0 ppm reference first.
    let rows: [Row]

    /// Ranges `distance` apart with each pair of ``offsets``.
    init(distance: Double, boards: String, hardware: RangingHardware, seed: UInt64, rate: Double, seconds: Double) throws {
        self.distance = distance
        var rows: [Row] = []
        var reference: [UInt16: Double] = [:]
        for offsets in Self.offsets {
            let ranging = try RangingWorld.pair(distance: distance, boards: boards, clockPPM: offsets, hardware: hardware)
                .run(seed: seed, rate: rate, seconds: seconds)
            let errors = ranging.initiatorRecords().compactMap { pair in
                pair.record.measurement.rawDistance.map { (pair.record.measurement.round, $0.metres - pair.truth.distance.metres) }
            }
            guard let raw = ErrorMoments(errors.map(\.1)) else {
                throw BenchmarkError.unexpected("no measurements at \(offsets) ppm")
            }
            let byRound = Dictionary(errors, uniquingKeysWith: { first, _ in first })
            if rows.isEmpty { reference = byRound }
            let paired = ErrorMoments(byRound.compactMap { round, error in reference[round].map { error - $0 } })
            rows.append(Row(offsets: offsets, raw: raw, paired: rows.isEmpty ? nil : paired))
            progress("clocks \(offsets) ppm: \(raw.count) rounds")
        }
        self.rows = rows
    }

    /// The table, centimetres; differences from the 0 ppm row with two standard errors.
    var markdown: String {
        var table = MarkdownTable([
            "initiator / responder clock", "rounds", "raw bias (cm)", "raw σ (cm)", "bias − 0 ppm bias (cm, ± 2 SE)",
            "σ / 0 ppm σ", "per-round difference from 0 ppm: mean / σ / rounds matched",
        ])
        let base = rows.first?.raw
        for row in rows {
            let difference = base.map { base in
                let error = 2 * (row.raw.standardError * row.raw.standardError + base.standardError * base.standardError).squareRoot()
                return "\(Formatting.fixed((row.raw.mean - base.mean) * 100, 3)) ± \(Formatting.fixed(error * 100, 3))"
            } ?? "–"
            let paired = row.paired.map {
                "\(Formatting.fixed($0.mean * 1000, 3)) mm / \(Formatting.fixed($0.standardDeviation * 1000, 3)) mm / \($0.count)"
            } ?? "(reference)"
            table.append([
                "\(Formatting.signed(row.offsets.initiator)) / \(Formatting.signed(row.offsets.responder)) ppm",
                "\(row.raw.count)", Formatting.fixed(row.raw.mean * 100, 3), Formatting.fixed(row.raw.standardDeviation * 100, 3),
                row.paired == nil ? "(reference)" : difference,
                Formatting.fixed(row.raw.standardDeviation / (base?.standardDeviation ?? .nan), 3), paired,
            ])
        }
        return table.markdown
    }
}
