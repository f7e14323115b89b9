import Foundation
import UWBCore

/// How fast two apps range through the service: with `--speed 0` (as fast as the apps keep up)
/// the virtual seconds their updates cover per wall second, a real-time factor; with `--speed 1`
/// how far the shared virtual clock strays from the wall clock. Both with `--start-after-apps 2`,
/// so the clock starts when both apps range, and each speed with the service's world in each number
/// of parts asked for (`--threads`). Virtual time is the `t` of the updates; wall time is when the
/// benchmark read them.
struct ServiceSpeed {
    /// One run.
    struct Row {
        /// The service's `--speed`.
        let speed: Double
        /// The service's `--threads`.
        let threads: Int
        /// The run, from 1.
        let run: Int
        /// Updates of the app that printed fewer.
        let updates: Int
        /// `t` of the last update, virtual seconds since the clock started.
        let lastTime: Double
        /// Wall seconds from both apps' tokens being written (they start ranging within their
        /// 50 ms poll for the peer's token) to the last update.
        let wallFromTokens: Double?
        /// Virtual and wall seconds from the first update to the last.
        let steady: (virtual: Double, wall: Double)
        /// The service's virtual time when it stopped.
        let serviceVirtual: Double?
        /// The turns the apps took and how many of them while an app of another part held its own.
        let turns: (all: Int, atOnce: Int)?
        /// Why the run failed, if it did.
        let failure: String?

        /// Virtual seconds per wall second from the tokens to the last update.
        var factorFromTokens: Double? {
            wallFromTokens.flatMap { $0 > 0 ? lastTime / $0 : nil }
        }

        /// Virtual seconds per wall second from the first update to the last.
        var steadyFactor: Double? {
            steady.wall > 0 ? steady.virtual / steady.wall : nil
        }

        /// How far the virtual clock ran ahead of (+) or behind (−) the speed asked for, from the
        /// first update to the last, percent; nil at speed 0 (no cap).
        var drift: Double? {
            guard speed > 0, let steadyFactor else { return nil }
            return (steadyFactor / speed - 1) * 100
        }
    }

    /// The runs, speed by speed.
    let rows: [Row]
    /// Updates each session asked for.
    let updatesAsked: Int

    /// Runs `runs` pairs asking for `updates` updates each at every speed in `speeds` with the world in
    /// each number of parts in `threads`, the thread counts taking turns run by run.
    ///
    /// - Throws: ``ServiceBenchmarkError`` if a process cannot be started.
    init(
        uwb: String, scenario: String, speeds: [Double], threads: [Int], runs: Int, updates: Int, timeout: Double,
        scratch: ScratchDirectory, repository: String
    ) throws(ServiceBenchmarkError) {
        var rows: [Row] = []
        for speed in speeds {
            for run in 1...runs {
                for parts in threads {
                    let settings = SessionPairRun.Settings(
                        scenario: scenario, speed: speed, startAfterApps: 2, threads: parts,
                        session: SessionApp.Options(updates: updates, timeout: timeout))
                    let pair = try SessionPairRun(
                        uwb: uwb, settings: settings, directory: try scratch.fresh("speed-\(speed)-\(parts)-\(run)"),
                        repository: repository)
                    let row = Self.row(of: pair, speed: speed, threads: parts, run: run, asked: updates)
                    progress("service speed \(Formatting.fixed(speed, 0)), \(parts) threads, run \(run): "
                        + "\(Formatting.fixed(row.lastTime, 2)) virtual s, "
                        + (row.steadyFactor.map { Formatting.factor($0) } ?? "–") + (row.failure.map { ": FAILED: \($0)" } ?? ""))
                    rows.append(row)
                }
            }
        }
        self.rows = rows
        updatesAsked = updates
    }

    /// The figures of one run.
    private static func row(of pair: SessionPairRun, speed: Double, threads: Int, run: Int, asked: Int) -> Row {
        let updates = (pair.first.updates + pair.second.updates).sorted { $0.arrival < $1.arrival }
        let first = updates.first
        let last = updates.last
        return Row(
            speed: speed, threads: threads, run: run, updates: min(pair.first.updates.count, pair.second.updates.count),
            lastTime: last?.time ?? 0,
            wallFromTokens: pair.tokensWritten.flatMap { start in last.map { ($0.arrival - start).secondsValue } },
            steady: (virtual: (last?.time ?? 0) - (first?.time ?? 0),
                     wall: last.flatMap { last in first.map { (last.arrival - $0.arrival).secondsValue } } ?? 0),
            serviceVirtual: pair.service.virtualSeconds, turns: pair.service.turns,
            failure: ServiceStress.failure(of: pair, asked: asked))
    }

    /// The runs as a markdown table, followed by the failures if there are any.
    var markdown: String {
        var table = MarkdownTable([
            "service --speed", "--threads", "run", "updates (fewer side)", "virtual s (last t)", "wall s (tokens → last update)",
            "× real time (tokens → last)", "× real time (first → last update)", "drift from --speed (first → last)",
            "service virtual s at stop", "turns (taken at once)",
        ])
        for row in rows {
            table.append([
                Formatting.fixed(row.speed, 0), "\(row.threads)", "\(row.run)", "\(row.updates)", Formatting.fixed(row.lastTime, 3),
                row.wallFromTokens.map { Formatting.fixed($0, 3) } ?? "–",
                row.factorFromTokens.map(Formatting.factor) ?? "–", row.steadyFactor.map(Formatting.factor) ?? "–",
                row.drift.map { ($0 >= 0 ? "+" : "") + Formatting.fixed($0, 2) + " %" } ?? "–",
                row.serviceVirtual.map { Formatting.fixed($0, 3) } ?? "–",
                row.turns.map { "\($0.all) (\($0.atOnce))" } ?? "–",
            ])
        }
        let failures = rows.compactMap { row in
            row.failure.map { "- speed \(Formatting.fixed(row.speed, 0)), \(row.threads) threads, run \(row.run) failed: \($0)" }
        }
        return table.markdown + (failures.isEmpty ? "" : "\n\n" + failures.joined(separator: "\n"))
    }
}
