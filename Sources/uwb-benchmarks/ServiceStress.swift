import Foundation

/// The emulator service under load: every core kept busy by a ``LoadGenerator`` while, run after
/// run, a fresh service hosts two apps that range with each other (``SessionPairRun``). A run
/// fails when either app exits with a status other than 0, is killed because it ran too long, or
/// prints fewer updates than asked; the side that ends first says goodbye, so its peer may end one
/// update short, which counts as success.
struct ServiceStress {
    /// A run that failed, and why.
    struct Failure {
        /// The run, from 1.
        let run: Int
        /// What went wrong.
        let reason: String
    }

    /// Runs made.
    let runs: Int
    /// Updates each session asked for.
    let updatesAsked: Int
    /// Busy loops of the load generator.
    let loadLoops: Int
    /// The share of a core each busy loop got over the whole stress, percent.
    let loadShares: [Double?]
    /// The failed runs.
    let failures: [Failure]
    /// Runs whose service did not stop cleanly (exit 0, its virtual time said, its socket removed).
    let unclean: [Failure]
    /// Updates printed by each session of each run.
    let updates: [Int]
    /// Successful runs where one session ended an update short (it heard the peer's goodbye).
    let shortByOne: Int
    /// Wall seconds of each run, from the service's start to its end.
    let walls: [Double]

    /// Runs the stress: `runs` runs of two apps asking for `updates` updates each, under
    /// `cores` busy loops, files in `scratch`.
    ///
    /// - Throws: ``ServiceBenchmarkError`` if a process cannot be started (the load stops first).
    init(
        uwb: String, scenario: String, runs: Int, updates: Int, timeout: Double, cores: Int,
        scratch: ScratchDirectory, repository: String
    ) throws(ServiceBenchmarkError) {
        let load = try LoadGenerator(cores: cores, directory: repository)
        defer { load.stop() }
        let settings = SessionPairRun.Settings(
            scenario: scenario, speed: 0, session: SessionApp.Options(updates: updates, timeout: timeout))
        var failures: [Failure] = []
        var unclean: [Failure] = []
        var counts: [Int] = []
        var walls: [Double] = []
        var shortByOne = 0
        for run in 1...runs {
            let pair = try SessionPairRun(
                uwb: uwb, settings: settings, directory: try scratch.fresh("stress-\(run)"), repository: repository)
            counts += [pair.first.updates.count, pair.second.updates.count]
            walls.append(pair.wall)
            let reason = Self.failure(of: pair, asked: updates)
            if let reason {
                failures.append(Failure(run: run, reason: reason))
            } else if min(pair.first.updates.count, pair.second.updates.count) < updates {
                shortByOne += 1
            }
            if !pair.service.isClean {
                unclean.append(Failure(run: run, reason: Self.describe(pair.service)))
            }
            progress("service stress: run \(run) of \(runs): \(pair.first.updates.count) + \(pair.second.updates.count) updates, "
                + "\(Formatting.fixed(pair.wall, 2)) s" + (reason.map { ": FAILED: \($0)" } ?? ""))
        }
        loadShares = load.percentOfCore
        self.runs = runs
        updatesAsked = updates
        loadLoops = load.count
        self.failures = failures
        self.unclean = unclean
        self.updates = counts
        self.walls = walls
        self.shortByOne = shortByOne
    }

    /// Why `pair` failed, or nil if it succeeded.
    static func failure(of pair: SessionPairRun, asked: Int) -> String? {
        var reasons: [String] = []
        for app in [pair.first, pair.second] {
            if let termination = app.termination {
                if !termination.succeeded {
                    reasons.append("\(app.device): \(termination) after \(app.updates.count) updates (\(app.messages))")
                }
            } else {
                reasons.append("\(app.device): still running when the benchmark stopped waiting, killed (\(app.messages))")
            }
        }
        let counts = [pair.first.updates.count, pair.second.updates.count]
        if reasons.isEmpty, let fewest = counts.min(), let most = counts.max(), most < asked || fewest < asked - 1 {
            reasons.append("only \(counts[0]) and \(counts[1]) updates of \(asked)")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// How a service stop went wrong.
    static func describe(_ stop: ServiceProcess.Stop) -> String {
        var problems: [String] = []
        if let termination = stop.termination {
            if !termination.succeeded { problems.append(termination.description) }
        } else {
            problems.append("did not end within \(ServiceProcess.stopLimit) of SIGTERM, killed")
        }
        if stop.virtualSeconds == nil { problems.append("no \"stopped at\" line") }
        if !stop.socketRemoved { problems.append("socket left behind") }
        return problems.joined(separator: ", ")
    }

    /// The results as a markdown table, followed by the failures if there are any.
    var markdown: String {
        let counts = Spread(updates.map(Double.init))
        let wall = Spread(walls)
        let load = loadShares.map { $0.map { Formatting.fixed($0, 0) + " %" } ?? "ended" }.joined(separator: ", ")
        var table = MarkdownTable([
            "runs", "failures", "services not stopped cleanly", "updates asked", "runs with one side a goodbye short",
            "updates per session (min)",
            "updates per session (median)", "wall per run (min)", "(median)", "(max)", "busy loops (% of a core each)",
        ])
        table.append([
            "\(runs)", "\(failures.count)", "\(unclean.count)", "\(updatesAsked)", "\(shortByOne)",
            counts.map { Formatting.fixed($0.minimum, 0) } ?? "–", counts.map { Formatting.fixed($0.median, 1) } ?? "–",
            wall.map { Formatting.fixed($0.minimum, 2) + " s" } ?? "–", wall.map { Formatting.fixed($0.median, 2) + " s" } ?? "–",
            wall.map { Formatting.fixed($0.maximum, 2) + " s" } ?? "–", "\(loadLoops): \(load)",
        ])
        let problems = failures.map { "- run \($0.run) failed: \($0.reason)" }
            + unclean.map { "- run \($0.run): the service did not stop cleanly: \($0.reason)" }
        return table.markdown + (problems.isEmpty ? "" : "\n\n" + problems.joined(separator: "\n"))
    }
}
