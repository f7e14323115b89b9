import ArgumentParser
import Foundation

/// `uwb-benchmarks service`: the emulator service (`uwb emulator serve`) and its apps
/// (`uwb session`) as separate processes of the `uwb` executable built beside this one: runs under
/// load, the CPU of an idle app, speed and clock drift, and whether runs repeat byte for byte.
/// Prints markdown tables; progress goes to standard error.
struct ServiceBenchmarkCommand: ParsableCommand {
    /// The subcommand's name, help and discussion.
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Measure the emulator service with apps in other processes: stress, idle CPU, speed, determinism.",
        discussion: """
            Runs the uwb executable of the same build directory (build it with \
            `swift build -c release --product uwb`, or pass --uwb). Results and how to read them: \
            Docs/benchmarks.md, section "Emulator service".
            """)

    @Option(help: "The uwb executable; by default the one beside this executable.")
    var uwb: String?

    @Option(help: "The repository root (for Docs/scenarios and Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Stress: runs of a fresh service with two apps under load.")
    var runs = 50

    @Option(help: "Stress: updates each app asks for.")
    var updates = 10

    @Option(help: "Wall seconds each app waits for its peer (its dead-peer deadline).")
    var timeout = 120.0

    @Option(help: "Stress: busy loops of the load generator; by default one per core.")
    var load = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Idle app: wall seconds the CPU time is measured over.")
    var idleSeconds = 10.0

    @Option(help: "Speed: updates each app asks for.")
    var speedUpdates = 200

    @Option(help: "Speed: runs at each speed.")
    var speedRuns = 3

    @Option(parsing: .upToNextOption, help: "Speed: the service's --threads (parts of its world); each speed runs at each, taking turns.")
    var serviceThreads = [1, 2]

    @Option(help: "Determinism: runs of each command.")
    var determinismRuns = 3

    @Option(help: "Determinism: virtual seconds of each demo.")
    var demoSeconds = 10.0

    @Option(parsing: .upToNextOption, help: "Determinism: the demos' update intervals (--interval), milliseconds; each scenario runs at each.")
    var demoIntervals: [Double] = [100, 200]

    @Option(help: "Determinism: updates each app of the service pair asks for.")
    var determinismUpdates = 20

    @Flag(inversion: .prefixedNo, help: "Run the stress under load.")
    var stress = true

    @Flag(inversion: .prefixedNo, help: "Measure the CPU of an idle app.")
    var idle = true

    @Flag(inversion: .prefixedNo, help: "Measure speed and clock drift.")
    var speed = true

    @Flag(inversion: .prefixedNo, help: "Check that runs repeat byte for byte.")
    var determinism = true

    /// Refuses options out of range.
    func validate() throws {
        guard runs > 0, updates > 1, timeout > 0, load >= 0, idleSeconds > 0, speedUpdates > 1, speedRuns > 0,
              determinismRuns > 1, demoSeconds > 0, determinismUpdates > 0, !demoIntervals.isEmpty,
              demoIntervals.allSatisfy({ $0 >= 1 && $0 <= 10_000 }), !serviceThreads.isEmpty, serviceThreads.allSatisfy({ $0 >= 1 })
        else {
            throw ValidationError(
                "give --runs, --speed-runs, --timeout, --idle-seconds, --demo-seconds and --determinism-updates above 0, "
                    + "--updates and --speed-updates above 1, --determinism-runs above 1, --load of 0 or more"
                    + ", --demo-intervals from 1 to 10000 ms and --service-threads of 1 or more")
        }
    }

    /// Runs the sections asked for and prints their tables.
    func run() throws {
        let uwb = try UWBExecutable.locate(override: uwb)
        let scratch = try ScratchDirectory(prefix: "uwb-benchmarks-service")
        ChildRegistry.shared.stopChildrenOnInterrupt { scratch.remove() }
        defer {
            // Through the gate: during an interrupt the handler cleans up and ends the process.
            ChildRegistry.shared.unlessInterrupted {
                ChildRegistry.shared.stopAll()
                scratch.remove()
            }
        }
        let scenario = repository + "/Docs/scenarios/demo-room.json"
        progress("service: running \(uwb)")
        if stress {
            print("## Two apps through a fresh service, \(load) busy loops on \(ProcessInfo.processInfo.activeProcessorCount) cores\n")
            print(try ServiceStress(
                uwb: uwb, scenario: scenario, runs: runs, updates: updates, timeout: timeout, cores: load, scratch: scratch,
                repository: repository).markdown + "\n")
        }
        if idle {
            print("## CPU of an app waiting for its peer (\(Formatting.fixed(idleSeconds, 0)) s of wall time)\n")
            print(try IdleAppCPU(uwb: uwb, scenario: scenario, seconds: idleSeconds, scratch: scratch, repository: repository)
                .markdown + "\n")
        }
        if speed {
            print("## Two apps ranging through the service (`--start-after-apps 2`, \(speedUpdates) updates each)\n")
            print(try ServiceSpeed(
                uwb: uwb, scenario: scenario, speeds: [0, 1], threads: serviceThreads, runs: speedRuns, updates: speedUpdates, timeout: timeout,
                scratch: scratch, repository: repository).markdown + "\n")
        }
        if determinism {
            print("## Determinism (\(determinismRuns) runs each)\n")
            print(try Determinism(
                uwb: uwb, scenarios: try scenarioFiles(), intervals: demoIntervals, seconds: demoSeconds, runs: determinismRuns,
                serviceScenario: scenario, updates: determinismUpdates, scratch: scratch, repository: repository).markdown)
        }
    }

    /// The scenario files shipped in Docs/scenarios, sorted.
    private func scenarioFiles() throws(ServiceBenchmarkError) -> [String] {
        let directory = repository + "/Docs/scenarios"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
        guard !files.isEmpty else { throw .noScenarios(directory: directory) }
        return files
    }
}
