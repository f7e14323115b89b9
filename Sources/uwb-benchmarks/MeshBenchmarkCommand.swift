import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBRanging

/// `uwb-benchmarks mesh`: many devices ranging through NearbyInteraction sessions on one channel:
/// the airtime budget of the ranging rounds, full meshes of growing size (every two devices
/// range) and one hub ranging with many peers. Prints markdown tables; progress goes to standard
/// error. Results and how to read them: `Docs/benchmarks.md`, "Many devices on one channel".
struct MeshBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mesh",
        abstract: "Measure many devices ranging on one channel: full meshes and a hub, against the airtime limit.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Many devices on one channel\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Random seed of every world and of the sessions' tokens.")
    var seed: UInt64 = 1

    @Option(parsing: .upToNextOption, help: "Full-mesh sizes (devices); every two devices range.")
    var devices: [Int] = [5, 10, 14, 20, 30]

    @Option(help: "Peers of the hub (0: no hub run).")
    var hubPeers = 50

    @Option(help: "Virtual seconds each world runs.")
    var seconds = 20.0

    @Option(help: "Virtual seconds before the updates count (sessions start and settle).")
    var settle = 2.0

    @Option(help: "Milliseconds between updates every session asks for.")
    var interval = 100.0

    func validate() throws {
        guard seconds > settle, settle >= 0, interval >= 10, interval <= 1000,
              devices.allSatisfy({ $0 >= 2 && $0 <= SessionMesh.maximumDevices }), hubPeers >= 0, hubPeers <= 999 else {
            throw ValidationError("give --seconds > --settle ≥ 0, --interval from 10 to 1000 ms, meshes of 2 to \(SessionMesh.maximumDevices) devices and 0 to 999 hub peers")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        let interval = Duration.microseconds(Int64(self.interval * 1000))
        let emulator = AirtimeBudget(timing: .emulator(for: .ranging))
        print("## Airtime budget (RadioConfig.ranging: channel 5, 64 MHz PRF, 128 symbols, 6.8 Mbps)\n")
        print(emulator.framesMarkdown + "\n")
        print("Rounds with the emulator's timing (reply delay \(Self.microseconds(emulator.timing.replyDelay)) µs, slot \(Self.microseconds(emulator.timing.slotSpacing)) µs):\n")
        print(emulator.roundsMarkdown + "\n")
        let usb = AirtimeBudget(timing: .usb(for: .ranging))
        print("Rounds with USB timing (reply delay \(Self.microseconds(usb.timing.replyDelay)) µs, slot \(Self.microseconds(usb.timing.slotSpacing)) µs):\n")
        print(usb.roundsMarkdown + "\n")

        let every = "every \(Formatting.fixed(self.interval, 0)) ms asked"
        print("## Full mesh (seed \(seed), \(every), \(Formatting.fixed(seconds, 0)) s, counted after \(Formatting.fixed(settle, 0)) s)\n")
        var table = MarkdownTable([
            "devices", "pairs", "updates/s per pair: median", "p10", "min", "Jain fairness", "removals",
            "measurements/s", "of the two-party limit", "of the group limit", "mean interval (ms)", "× real time",
        ])
        for count in devices {
            progress("mesh: \(count) devices")
            let run = try MeshRun(
                world: MeshRun.grid(count: count, boards: boards), hub: nil, seed: seed, interval: interval,
                seconds: seconds, settle: settle)
            table.append(row(count: "\(count)", run, budget: emulator))
        }
        print(table.markdown + "\n")

        guard hubPeers > 0 else { return }
        progress("mesh: hub with \(hubPeers) peers")
        print("## One hub with \(hubPeers) peers (seed \(seed), \(every), \(Formatting.fixed(seconds, 0)) s, counted after \(Formatting.fixed(settle, 0)) s)\n")
        var hubTable = MarkdownTable([
            "peers", "pairs", "updates/s per peer: median", "p10", "min", "Jain fairness", "removals",
            "measurements/s", "of the two-party limit", "of the group limit", "mean interval (ms)", "× real time",
        ])
        let run = try MeshRun(
            world: MeshRun.hub(peers: hubPeers, boards: boards), hub: "hub", seed: seed, interval: interval,
            seconds: seconds, settle: settle)
        hubTable.append(row(count: "\(hubPeers)", run, budget: emulator))
        print(hubTable.markdown)
    }

    /// One table row for `run`.
    private func row(count: String, _ run: MeshRun, budget: AirtimeBudget) -> [String] {
        let rates = run.rates
        return [
            count, "\(rates.sorted.count)", Formatting.fixed(rates.median, 2), Formatting.fixed(rates.tenthPercentile, 2),
            Formatting.fixed(rates.minimum, 2), Formatting.fixed(rates.fairness, 3), "\(run.removals)",
            Formatting.fixed(rates.total, 0), Formatting.fixed(rates.total / budget.twoPartyLimit * 100, 0) + " %",
            Formatting.fixed(rates.total / budget.groupLimit * 100, 0) + " %",
            Formatting.fixed(run.achievedInterval.secondsValue * 1000, 1), Formatting.factor(run.seconds / run.wall),
        ]
    }

    /// `duration` in whole microseconds, as text.
    private static func microseconds(_ duration: DeviceDuration) -> String {
        Formatting.fixed(duration.seconds * 1e6, 0)
    }
}
