import UWBCore

/// NLOS detection: how often the initiator's measurements carry the NLOS flag, defined as
/// ``UWBRanging/NLOSLikelihood`` ≥ 0.5 (a received-minus-first-path gap of 8 dB or more), in worlds
/// with and without a wall across the line of sight. Two single-chip devices 5 m apart.
struct NLOSDetection {
    /// A world and whether its line of sight is clear.
    struct Case {
        /// What the world is.
        let name: String
        /// Whether the direct path is clear (the flag should stay down).
        let lineOfSight: Bool
        /// The world.
        let world: RangingWorld
    }

    /// The results in one world.
    struct Row {
        /// The world.
        let name: String
        /// Whether the direct path is clear.
        let lineOfSight: Bool
        /// Rounds measured.
        let rounds: Int
        /// Rounds that failed (either side).
        let failures: Int
        /// Measurements with the flag.
        let flagged: Int
        /// The likelihood; nil without a measurement.
        let likelihood: ErrorMoments?
        /// Reported received − first-path level, dB; nil without a measurement.
        let gap: ErrorMoments?
        /// Raw distance − truth, metres; nil without a measurement.
        let raw: ErrorMoments?
    }

    /// The flag's threshold on the likelihood.
    static let threshold = 0.5
    /// The distance between the devices.
    static let distance = 5.0

    /// The worlds: free space and office line of sight, a 12 dB wall in each, and the NLOS office.
    static func cases(boards: String, hardware: RangingHardware) -> [Case] {
        let wall = RangingWorld.Wall(
            min: Vector3(x: -3, y: 0, z: -distance / 2 - 0.1), max: Vector3(x: 3, y: 2.7, z: -distance / 2 + 0.1),
            attenuationDB: 12)
        func world(_ channel: String, walls: [RangingWorld.Wall]) -> RangingWorld {
            var world = RangingWorld.pair(distance: distance, boards: boards, hardware: hardware)
            world.channel = channel
            world.walls = walls
            return world
        }
        return [
            Case(name: "free space", lineOfSight: true, world: world("free-space", walls: [])),
            Case(name: "office, line of sight (CM3)", lineOfSight: true, world: world("cm3", walls: [])),
            Case(name: "free space, 12 dB wall midway", lineOfSight: false, world: world("free-space", walls: [wall])),
            Case(name: "office (CM3), 12 dB wall midway", lineOfSight: false, world: world("cm3", walls: [wall])),
            Case(name: "office, no line of sight (CM4)", lineOfSight: false, world: world("cm4", walls: [])),
        ]
    }

    /// One row per case.
    let rows: [Row]

    /// Ranges in each of ``cases(boards:hardware:)``.
    init(boards: String, hardware: RangingHardware, seed: UInt64, rate: Double, seconds: Double) throws {
        rows = try Self.cases(boards: boards, hardware: hardware).map { item in
            let ranging = try item.world.run(seed: seed, rate: rate, seconds: seconds)
            let records = ranging.initiatorRecords()
            let measurements = records.map(\.record.measurement)
            let likelihood = ErrorMoments(measurements.map(\.nlosLikelihood))
            let gap = ErrorMoments(measurements.compactMap { measurement in
                measurement.receivedLevel.flatMap { level in measurement.firstPathLevel.map { level.dBm - $0.dBm } } })
            let raw = ErrorMoments(records.compactMap { pair in
                pair.record.measurement.rawDistance.map { $0.metres - pair.truth.distance.metres } })
            // With an STS a blocked link may be too weak for its check: no round, a row of dashes.
            guard raw != nil || hardware.secureTimestamps != nil else {
                throw BenchmarkError.unexpected("no measurements in \(item.name)")
            }
            progress("NLOS \(item.name): \(records.count) rounds")
            return Row(
                name: item.name, lineOfSight: item.lineOfSight, rounds: records.count, failures: ranging.failures.count,
                flagged: measurements.filter { $0.nlosLikelihood >= Self.threshold }.count,
                likelihood: likelihood, gap: gap, raw: raw)
        }
    }

    /// The table.
    var markdown: String {
        var table = MarkdownTable([
            "world (5 m)", "line of sight", "rounds", "failed", "flagged (likelihood ≥ 0.5)", "mean likelihood",
            "RX − FP (dB, mean ± σ)", "raw bias (cm)", "raw σ (cm)",
        ])
        for row in rows {
            table.append([
                row.name, row.lineOfSight ? "yes" : "no", "\(row.rounds)", "\(row.failures)",
                "\(row.flagged) (\(Formatting.fixed(Double(row.flagged) / Double(max(row.rounds, 1)) * 100, 1)) %)",
                row.likelihood.map { Formatting.fixed($0.mean, 3) } ?? "–",
                row.gap.map { "\(Formatting.fixed($0.mean, 2)) ± \(Formatting.fixed($0.standardDeviation, 2))" } ?? "–",
                row.raw.map { Formatting.fixed($0.mean * 100, 1) } ?? "–",
                row.raw.map { Formatting.fixed($0.standardDeviation * 100, 1) } ?? "–",
            ])
        }
        return table.markdown
    }
}
