import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBPositioning

/// `uwb-benchmarks positioning`: DL-TDoA and UL-TDoA positioning on the emulator: static tags
/// inside and outside the anchors' hull against the Cramér-Rao bound, the shipped warehouse and office, a
/// walking tag, the solver's time per fix, and 1000 listening tags (speed and memory). Prints
/// markdown tables; progress goes to standard error. Results and how to read them:
/// `Docs/benchmarks.md`, "Positioning".
struct PositioningBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "positioning",
        abstract: "Measure DL-TDoA positioning: accuracy against truth and the bound, honesty, speed and memory.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Positioning\".")

    @Option(help: "Virtual seconds of the hall's static and walking tags.")
    var seconds = 10.0

    @Option(help: "Virtual seconds of the shipped warehouse and office (default: their own durations).")
    var shippedSeconds: Double?

    @Option(help: "Seeds of the shipped warehouse and office pooled in a second table (from each scenario's own).")
    var shippedSeeds = 5

    @Option(help: "Virtual seconds of the 1000 listening tags.")
    var crowdSeconds = 10.0

    @Option(help: "Fixes timed for the solver's time per fix.")
    var solverFixes = 20_000

    func validate() throws {
        guard seconds >= 1, seconds <= 600, crowdSeconds >= 1, crowdSeconds <= 600, solverFixes >= 100, (1...100).contains(shippedSeeds) else {
            throw ValidationError("give --seconds and --crowd-seconds from 1 to 600, --solver-fixes of at least 100 and --shipped-seeds from 1 to 100")
        }
        if let shippedSeconds, !(shippedSeconds >= 1 && shippedSeconds <= 600) {
            throw ValidationError("give --shipped-seconds from 1 to 600")
        }
    }

    /// Tags on a grid inside the hall's anchors (x 2 to 18 m, z 2 to 12.5 m).
    static let inside: [(x: Double, z: Double, ppm: Double)] = [2.0, 6, 10, 14, 18].flatMap { x in
        [2.0, 5.5, 9, 12.5].map { z in (x, z, (x * 7 + z * 3).truncatingRemainder(dividingBy: 30) - 15) }
    }
    /// Tags 3 and 6 m outside the hall's walls, and at its corners.
    static let outside: [(x: Double, z: Double, ppm: Double)] = [
        (-3, 7.5, 4), (-6, 7.5, -8), (23, 7.5, 12), (26, 7.5, -3), (10, -3, 6), (10, -6, -11), (10, 18, 9), (10, 21, -5),
        (-3, -3, 2), (23, 18, -14), (-3, 18, 7), (23, -3, -1),
    ]
    /// The walking tag's loop round the hall, 3 m inside its walls.
    static let walk: [(x: Double, z: Double)] = [(3, 3), (17, 3), (17, 12), (3, 12)]

    /// The crowd runs first, so that the peak resident memory it reports is its own: the worlds
    /// run before it leave the process larger than they needed at any one time.
    func run() throws {
        try printCrowd()
        try printHall()
        try printShipped()
        try printWalking()
        try printSolver()
    }

    private func printHall() throws {
        print("## Static tags in the hall (20 m × 15 m, 8 anchors 3 m up in 2 clusters, free space, DW1000), \(Formatting.fixed(seconds, 0)) virtual s\n")
        var table = MarkdownTable([
            "method", "tags", "fixes", "no fix", "p50 (cm)", "p95 (cm)", "RMS (cm)", "bound RMS (cm)", "RMS / bound", "inside 2σ",
            "> 1 m, unflagged",
        ])
        for method in PositioningMethod.allCases {
            progress("positioning: static tags in the hall, \(method.rawValue), \(Formatting.fixed(seconds, 0)) s")
            let scenario = try PositioningHall.scenario(tags: Self.inside + Self.outside, extra: ["positioning": ["method": method.rawValue]])
            let positioning = try ScenarioPositioning(scenario: scenario)
            positioning.run(until: SimulationTime(seconds: seconds))
            let records = positioning.takeRecords()
            let insideNames = Set((0..<Self.inside.count).map { "T\($0 + 1)" })
            for (name, group) in [
                ("\(Self.inside.count) inside the hull", records.filter { insideNames.contains($0.device) }),
                ("\(Self.outside.count) outside", records.filter { !insideNames.contains($0.device) }),
            ] {
                let errors = PositionErrors(group)
                table.append([
                    method.rawValue, name, "\(errors.fixed.count)", "\(errors.refused)", Formatting.fixed(errors.error(0.5) * 100, 1),
                    Formatting.fixed(errors.error(0.95) * 100, 1), Formatting.fixed(errors.rootMeanSquare * 100, 1),
                    Formatting.fixed(errors.boundRootMeanSquare * 100, 1),
                    Formatting.fixed(errors.rootMeanSquare / errors.boundRootMeanSquare, 2),
                    Formatting.fixed(errors.insideTwoSigma * 100, 0) + " %", "\(errors.unflaggedMetreErrors) of \(errors.metreErrors)",
                ])
            }
        }
        print(table.markdown + "\n")
    }

    private func printShipped() throws {
        for name in ["warehouse", "office-dl-tdoa"] {
            let scenario = try Scenario.load(from: name)
            let duration = shippedSeconds ?? scenario.duration.secondsValue
            progress("positioning: \(name), \(Formatting.fixed(duration, 0)) s")
            var pooled: [PositionRecord] = []
            for seed in scenario.seed..<(scenario.seed + UInt64(shippedSeeds)) {
                let positioning = try ScenarioPositioning(scenario: scenario, seed: seed)
                positioning.run(until: SimulationTime(seconds: duration))
                let records = positioning.takeRecords()
                if seed == scenario.seed {
                    print("## \(name): \(scenario.name); \(Formatting.fixed(duration, 0)) virtual s, "
                        + "\(Formatting.fixed(scenario.positioning.timestampDeviation.metres * 100, 0)) cm per timestamp\n")
                    print(Self.tagTable(records).markdown + "\n")
                }
                pooled += records
            }
            if shippedSeeds > 1 {
                print("### \(name) over seeds \(scenario.seed) to \(scenario.seed + UInt64(shippedSeeds) - 1), pooled\n")
                print(Self.tagTable(pooled).markdown + "\n")
            }
        }
    }

    /// One row per tag: its fixes' and tracks' errors, the fixes more than 1 m off, flagged or not,
    /// and the share inside their 2σ ellipse.
    static func tagTable(_ records: [PositionRecord]) -> MarkdownTable {
        var table = MarkdownTable([
            "tag", "fixes", "no fix", "p50 (cm)", "p95 (cm)", "tracked p50 (cm)", "tracked p95 (cm)", "> 1 m", "> 1 m, unflagged",
            "of which gated by the track", "inside 2σ",
        ])
        for device in Set(records.map(\.device)).sorted() {
            let errors = PositionErrors(records.filter { $0.device == device })
            table.append([
                device, "\(errors.fixed.count)", "\(errors.refused)", Formatting.fixed(errors.error(0.5) * 100, 1),
                Formatting.fixed(errors.error(0.95) * 100, 1), Formatting.fixed(errors.trackedError(0.5) * 100, 1),
                Formatting.fixed(errors.trackedError(0.95) * 100, 1), "\(errors.metreErrors)", "\(errors.unflaggedMetreErrors)",
                "\(errors.unflaggedMetreErrorsGated)", Formatting.fixed(errors.insideTwoSigma * 100, 0) + " %",
            ])
        }
        return table
    }

    private func printWalking() throws {
        progress("positioning: a walking tag in the hall, \(Formatting.fixed(seconds, 0)) s")
        let scenario = try PositioningHall.scenario(tags: [], walk: Self.walk)
        let positioning = try ScenarioPositioning(scenario: scenario)
        positioning.run(until: SimulationTime(seconds: seconds))
        print("## A tag walking at 1.4 m/s round the hall, 3 m inside its walls, \(Formatting.fixed(seconds, 0)) virtual s; "
            + "a fix's rounds span at most \(Formatting.fixed(positioning.roundSpan.secondsValue * 1000, 2)) ms, "
            + "and it is made when the last of them is received\n")
        print(Self.tagTable(positioning.takeRecords()).markdown + "\n")
    }

    private func printSolver() throws {
        print("## The solver's time per fix (wall clock, this process)\n")
        var table = MarkdownTable(["measurements", "fixes", "µs per fix"])
        let hall = PositioningHall.anchors.enumerated().map { index, anchor in
            Anchor(name: "A\(index + 1)", position: Position(metres: Vector3(x: anchor.x, y: 3, z: anchor.z)))
        }
        let solver = try PositionSolver(anchors: hall, geometry: .planar(height: Distance(metres: 1)))
        let tag = Vector3(x: 7, y: 1, z: 6)
        var random = SeededRandom(seed: 31)
        for rounds in [1, 2] {
            let measurements = hall.prefix(4 * rounds).enumerated().map { index, anchor in
                PositionMeasurement.pseudorange(
                    anchor: anchor.name, clock: "round \(index / 4)",
                    Distance(metres: (tag - anchor.position.metres).length + random.normal(mean: 0, standardDeviation: 0.03)),
                    standardDeviation: Distance(metres: 0.03))
            }
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<solverFixes {
                _ = try solver.fix(measurements)
            }
            let elapsed = clock.now - start
            table.append([
                "\(measurements.count) pseudoranges, \(rounds) round\(rounds == 1 ? "" : "s")", "\(solverFixes)",
                Formatting.fixed(elapsed.secondsValue / Double(solverFixes) * 1e6, 1),
            ])
        }
        print(table.markdown + "\n")
    }

    private func printCrowd() throws {
        progress("positioning: 1000 listening tags, \(Formatting.fixed(crowdSeconds, 0)) s")
        let scenario = try Scenario.load(from: "thousand-tags")
        let before = try CPUTime(pid: getpid())
        let positioning = try ScenarioPositioning(scenario: scenario)
        let built = try CPUTime(pid: getpid())
        var fixes = 0
        for second in 1...Int(crowdSeconds) {
            positioning.run(until: SimulationTime(seconds: Double(second)))
            fixes += positioning.takeRecords().filter { if case .success = $0.result { true } else { false } }.count
        }
        let after = try CPUTime(pid: getpid())
        let memory = try ResidentMemory()
        let tags = scenario.devices.filter { $0.positioning == .tag }.count
        print("## \(tags) listening tags, \(scenario.devices.count - tags) anchors, 10 rounds a second per cluster, \(Formatting.fixed(crowdSeconds, 0)) virtual s\n")
        var table = MarkdownTable(["fixes", "fixes per virtual s", "CPU s to build", "CPU s to run", "× real time", "peak resident MB"])
        let running = after.seconds - built.seconds
        table.append([
            "\(fixes)", Formatting.fixed(Double(fixes) / crowdSeconds, 0), Formatting.fixed(built.seconds - before.seconds, 2),
            Formatting.fixed(running, 2), Formatting.fixed(crowdSeconds / running, 2), ResidentMemory.megabytes(memory.peak),
        ])
        print(table.markdown + "\n")
    }
}
