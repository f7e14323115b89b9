import UWBCore
import UWBEmulator

/// Static line of sight: the bias and standard deviation of the initiator's raw and filtered
/// distance between two single-chip devices in free space, against the ``NoiseFloor``.
struct StaticAccuracy {
    /// The results at one distance.
    struct Row {
        /// The true distance, metres.
        let distance: Double
        /// Rounds that failed (either side).
        let failures: Int
        /// Frames either side dropped because their time of arrival failed the STS check.
        let stsDropped: Int
        /// The predicted raw σ.
        let expected: NoiseFloor
        /// The mean received level the initiator reported; nil without a measurement.
        let reportedLevel: Double?
        /// Raw distance − truth, metres, every round; nil without a measurement (with an STS, a
        /// link too weak for its check).
        let raw: ErrorMoments?
        /// Filtered distance − truth, metres, after the settling time; nil without a measurement.
        let filtered: ErrorMoments?
    }

    /// One row per distance.
    let rows: [Row]
    /// Whether the devices ranged with an STS: then the table counts the frames its check dropped.
    let withSecureTimestamps: Bool

    /// Ranges at each of `distances` for `seconds` at `rate`; the filtered statistics skip the first `settle` seconds.
    init(
        distances: [Double], boards: String, hardware: RangingHardware, seed: UInt64, rate: Double, seconds: Double, settle: Double
    ) throws {
        let withSecureTimestamps = hardware.secureTimestamps != nil
        self.withSecureTimestamps = withSecureTimestamps
        rows = try distances.map { distance in
            let ranging = try RangingWorld.pair(distance: distance, boards: boards, hardware: hardware).run(seed: seed, rate: rate, seconds: seconds)
            let all = ranging.initiatorRecords()
            let settled = ranging.initiatorRecords(settle: settle)
            let raw = ErrorMoments(all.compactMap { pair in
                pair.record.measurement.rawDistance.map { $0.metres - pair.truth.distance.metres } })
            let filtered = ErrorMoments(settled.compactMap { pair in
                pair.record.measurement.distance.map { $0.metres - pair.truth.distance.metres } })
            let level = ErrorMoments(all.compactMap { $0.record.measurement.receivedLevel?.dBm })
            guard raw != nil || withSecureTimestamps else { throw BenchmarkError.unexpected("no measurements at \(distance) m") }
            progress("static \(distance) m: \(raw?.count ?? 0) rounds")
            return Row(
                distance: distance, failures: ranging.failures.count,
                stsDropped: ranging.secureTimestampRejections.values.reduce(0, +),
                expected: NoiseFloor(
                    channelModel: ranging.emulation.medium.channelModel, configuration: ranging.configuration,
                    distance: distance, rounds: all.compactMap(\.record.measurement.timestamps)),
                reportedLevel: level?.mean, raw: raw, filtered: filtered)
        }
    }

    /// The table: one row per distance, centimetres; with an STS, a last column of the frames its
    /// check dropped.
    var markdown: String {
        var table = MarkdownTable([
            "distance", "rounds", "failed", "RX level model / reported (dBm)", "σ_t per stamp (cm)", "√Σw²",
            "expected σ (cm)", "raw bias (cm)", "raw σ (cm)", "raw σ / expected", "filtered bias (cm)",
            "filtered σ (cm)", "filtered σ / expected",
        ] + (withSecureTimestamps ? ["dropped by the STS check"] : []))
        for row in rows {
            let expected = row.expected.distanceSigma
            let distance = "\(Formatting.fixed(row.distance, row.distance == row.distance.rounded() ? 0 : 1)) m"
            let model = Formatting.fixed(row.expected.receivedLevel.dBm, 1)
            let dropped = withSecureTimestamps ? ["\(row.stsDropped)"] : []
            guard let raw = row.raw, let filtered = row.filtered, let level = row.reportedLevel else {
                // No round completed: the model's level and σ_t, nothing measured.
                table.append([
                    distance, "0", "\(row.failures)", "\(model) / –", Formatting.fixed(row.expected.timestampSigma * 100, 2),
                    "–", "–", "–", "–", "–", "–", "–", "–",
                ] + dropped)
                continue
            }
            table.append([
                distance, "\(raw.count)", "\(row.failures)", "\(model) / \(Formatting.fixed(level, 1))",
                Formatting.fixed(row.expected.timestampSigma * 100, 2), Formatting.fixed(row.expected.weightFactor, 3),
                Formatting.fixed(expected * 100, 2),
                "\(Formatting.fixed(raw.mean * 100, 2)) ± \(Formatting.fixed(raw.standardError * 100, 2))",
                Formatting.fixed(raw.standardDeviation * 100, 2), Formatting.fixed(raw.standardDeviation / expected, 2),
                "\(Formatting.fixed(filtered.mean * 100, 2))",
                Formatting.fixed(filtered.standardDeviation * 100, 2),
                Formatting.fixed(filtered.standardDeviation / expected, 2),
            ] + dropped)
        }
        return table.markdown
    }
}
