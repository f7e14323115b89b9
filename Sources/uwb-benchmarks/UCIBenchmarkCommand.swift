import ArgumentParser
import EmulatorHarness
import Foundation
import UWBEmulator
import UWBPlot

/// `uwb-benchmarks uci`: `uwb uci serve` in this process with raw UCI hosts over TCP, paired
/// into sessions: SESSION_INFO_NTFs per second of wall and virtual time, the latency from the
/// world's completing event to the host, and the accuracy of what the hosts are told against the
/// scenario's truth, next to the same engine run as `uwb range` runs it. Prints markdown tables;
/// progress goes to standard error.
struct UCIBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uci",
        abstract: "Measure uwb uci serve: notification rate, latency to the host, accuracy against the truth.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"UCI\".")

    @Option(help: "The repository root (for Hardware/boards and the scenario); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "The scenario, relative to the repository: pairs of devices in file order.")
    var scenario = "Docs/scenarios/uci-pairs-twenty.json"

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(parsing: .upToNextOption, help: "Device counts (even): the scenario's first N devices, N/2 sessions.")
    var devices: [Int] = [2, 20]

    @Option(parsing: .upToNextOption, help: "World speeds: 1 is real time, 0 as fast as the world can.")
    var speeds: [Double] = [1, 0]

    @Option(help: "Milliseconds between rounds of each session (RANGING_DURATION).")
    var interval: UInt32 = 100

    @Option(help: "Virtual seconds of ranging per run, after every session has started.")
    var seconds = 20.0

    @Option(help: "Virtual seconds the filters get to settle before their error counts.")
    var settle = 1.0

    func validate() throws {
        guard !devices.isEmpty, devices.allSatisfy({ $0 >= 2 && $0 % 2 == 0 }), !speeds.isEmpty, speeds.allSatisfy({ $0 >= 0 }),
              interval >= 20, seconds > 0, settle >= 0
        else {
            throw ValidationError("give even device counts of 2 or more, speeds ≥ 0, --interval ≥ 20 ms, --seconds > 0 and --settle ≥ 0")
        }
    }

    func run() throws {
        setenv("UWB_BOARDS_DIR", repository + "/Hardware/boards", 1)
        let loaded = try Scenario.load(from: repository + "/" + scenario)
        guard devices.allSatisfy({ $0 <= loaded.devices.count }) else {
            throw ValidationError("\(scenario) has \(loaded.devices.count) devices; give device counts up to that")
        }
        print("## UCI over TCP (\(scenario), seed \(seed), every \(interval) ms, \(Formatting.fixed(seconds, 0)) s of ranging per run)\n")
        var timing = MarkdownTable([
            "devices", "speed", "notifications", "per wall s", "per virtual s", "latency median (ms)", "p95 (ms)", "max (ms)",
        ])
        var accuracy = MarkdownTable([
            "devices", "through", "rounds", "failed", "failed: initiators / responders", "distance error median / p95 (cm)",
            "azimuth error median / p95 (°)",
        ])
        for count in devices {
            for speed in speeds {
                progress("uci: \(count) devices at speed \(speed)")
                let run = try UCIRun(scenario: loaded, devices: count, seed: seed, speed: speed, interval: interval, seconds: seconds)
                let latencies = run.notifications.map { $0.latency.secondsValue * 1000 }.sorted()
                timing.append([
                    "\(count)", speed == 0 ? "0 (as fast as it can)" : Formatting.fixed(speed, 0), "\(run.notifications.count)",
                    Formatting.rate(run.wallRate), Formatting.rate(run.virtualRate),
                    Formatting.fixed(SampleStatistics.quantile(0.5, ofSorted: latencies), 2),
                    Formatting.fixed(SampleStatistics.quantile(0.95, ofSorted: latencies), 2),
                    Formatting.fixed(latencies.last ?? 0, 2),
                ])
                let errors = TruthErrors(run, settle: settle)
                accuracy.append(row(count, "UCI, speed \(Formatting.fixed(speed, 0))", errors))
            }
            progress("uci: \(count) devices through the engine as uwb range runs it")
            var pairs = loaded
            pairs.devices = Array(loaded.devices.prefix(count))
            let ranging = try ScenarioRanging(scenario: pairs, seed: seed, rate: 1000 / Double(interval), clusterSize: 2)
            ranging.run(until: SimulationTime(seconds: seconds))
            accuracy.append(row(count, "engine (`uwb range`, pairs)", TruthErrors(ranging, settle: settle)))
        }
        print("### Rate and latency\n")
        print(timing.markdown + "\n")
        print("### Accuracy against the scenario's truth (after \(Formatting.fixed(settle, 0)) s)\n")
        print(accuracy.markdown)
    }

    /// A row of the accuracy table.
    private func row(_ devices: Int, _ through: String, _ errors: TruthErrors) -> [String] {
        [
            "\(devices)", through, "\(errors.distances.count + errors.failures)", "\(errors.failures)",
            "\(errors.initiatorFailures) / \(errors.failures - errors.initiatorFailures)",
            TruthErrors.summary(errors.distances, scale: 100, digits: 1), TruthErrors.summary(errors.azimuths, digits: 1),
        ]
    }
}
