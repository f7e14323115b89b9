import Foundation
import UWBCore

/// Whether runs repeat byte for byte: `uwb demo --speed 0 --format jsonl` on each scenario, and
/// two apps with seeded tokens ranging through a service with `--speed 0 --start-after-apps 2`
/// (each app's output compared across runs). Outputs are compared octet for octet.
struct Determinism {
    /// One command repeated.
    struct Row {
        /// What ran, for example `demo: demo-room.json` or `service: phone`.
        let name: String
        /// Each run's output.
        let outputs: [Data]
        /// Lines of output of the first run.
        let lines: Int
        /// Wall seconds of each run.
        let walls: [Double]
        /// Why a run failed, if one did.
        let failure: String?

        /// Whether every run gave the same output and none failed.
        var identical: Bool { failure == nil && Set(outputs).count == 1 }
    }

    /// How long one demo may run.
    static let demoLimit: Duration = .seconds(1800)

    /// The demos, then the service's apps.
    let rows: [Row]

    /// Runs each scenario in `scenarios` at each update interval in `intervals` (milliseconds)
    /// `runs` times for `seconds` virtual seconds, then the service pair `runs` times with
    /// `updates` updates.
    ///
    /// - Throws: ``ServiceBenchmarkError`` if a process cannot be started.
    init(
        uwb: String, scenarios: [String], intervals: [Double], seconds: Double, runs: Int, serviceScenario: String,
        updates: Int, scratch: ScratchDirectory, repository: String
    ) throws(ServiceBenchmarkError) {
        var rows: [Row] = []
        for scenario in scenarios {
            for interval in intervals {
                rows.append(try Self.demo(
                    uwb: uwb, scenario: scenario, interval: interval, seconds: seconds, runs: runs, repository: repository))
            }
        }
        var outputs: [[Data]] = [[], []]
        var walls: [Double] = []
        var failures: [String] = []
        var devices = ("", "")
        for run in 1...runs {
            let settings = SessionPairRun.Settings(
                scenario: serviceScenario, speed: 0, startAfterApps: 2,
                session: SessionApp.Options(updates: updates, timeout: 120), tokenSeeds: (1, 2))
            let pair = try SessionPairRun(
                uwb: uwb, settings: settings, directory: try scratch.fresh("determinism-\(run)"), repository: repository)
            devices = (pair.first.device, pair.second.device)
            outputs[0].append(pair.first.output)
            outputs[1].append(pair.second.output)
            walls.append(pair.wall)
            if let failure = ServiceStress.failure(of: pair, asked: updates) {
                failures.append("run \(run): \(failure)")
            }
            progress("determinism: service pair, run \(run): \(pair.first.updates.count) + \(pair.second.updates.count) updates")
        }
        for (index, device) in [devices.0, devices.1].enumerated() {
            rows.append(Row(
                name: "service: \(device) (`uwb session --token-seed \(index + 1)`)", outputs: outputs[index],
                lines: outputs[index].first.map(Self.lineCount) ?? 0, walls: walls,
                failure: failures.isEmpty ? nil : failures.joined(separator: "; ")))
        }
        self.rows = rows
    }

    /// Runs `uwb demo` on `scenario` with sessions every `interval` milliseconds `runs` times.
    private static func demo(
        uwb: String, scenario: String, interval: Double, seconds: Double, runs: Int, repository: String
    ) throws(ServiceBenchmarkError) -> Row {
        let name = URL(fileURLWithPath: scenario).lastPathComponent + ", --interval " + Formatting.fixed(interval, 0)
        var outputs: [Data] = []
        var walls: [Double] = []
        var failure: String?
        for run in 1...runs {
            let child = try ChildProcess(
                label: "demo", executable: uwb,
                arguments: [
                    "demo", "--scenario", scenario, "--speed", "0", "--duration", Formatting.fixed(seconds, 3),
                    "--format", "jsonl", "--interval", Formatting.fixed(interval, 3),
                ],
                directory: repository)
            let termination = child.wait(timeout: demoLimit)
            if termination == nil {
                child.killAndWait()
            }
            walls.append((ContinuousClock.now - child.started).secondsValue)
            outputs.append(child.output.data)
            if termination?.succeeded != true {
                failure = "run \(run): " + (termination.map(\.description) ?? "still running after \(demoLimit), killed")
                    + " (\(child.messages { _ in false }))"
            }
            progress("determinism: demo \(name), run \(run): \(lineCount(child.output.data)) lines, "
                + Formatting.fixed(walls[walls.count - 1], 1) + " s")
        }
        return Row(
            name: "demo: \(name)", outputs: outputs, lines: outputs.first.map(lineCount) ?? 0,
            walls: walls, failure: failure)
    }

    /// The newlines in `data`.
    private static func lineCount(_ data: Data) -> Int {
        data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The rows as a markdown table, followed by the failures if there are any.
    var markdown: String {
        var table = MarkdownTable(["command", "runs", "lines", "wall s (median)", "octets per run", "identical"])
        for row in rows {
            table.append([
                row.name, "\(row.outputs.count)", "\(row.lines)", Spread(row.walls).map { Formatting.fixed($0.median, 2) } ?? "–",
                row.outputs.map { "\($0.count)" }.joined(separator: " "), row.identical ? "yes" : "**no**",
            ])
        }
        let failures = rows.compactMap { row in row.failure.map { "- \(row.name) failed: \($0)" } }
        return table.markdown + (failures.isEmpty ? "" : "\n\n" + failures.joined(separator: "\n"))
    }
}
