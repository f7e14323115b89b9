import ArgumentParser
import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// `uwb-benchmarks soak`: a full mesh of devices ranging through NearbyInteraction sessions for
/// hours of simulated time: whether every session stays alive and whether the process's memory,
/// file descriptors and threads stay flat. Prints a markdown table with a row per checkpoint;
/// progress goes to standard error.
struct SoakBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run a mesh of sessions for hours of simulated time: sessions alive, memory, descriptors, threads.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Soak\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Devices of the mesh (every two range).")
    var devices = 20

    @Option(help: "Simulated hours.")
    var hours = 24.0

    @Option(help: "Simulated minutes between checkpoints.")
    var checkpointEvery = 60.0

    @Option(help: "Random seed of the world and of the sessions' tokens.")
    var seed: UInt64 = 1

    func validate() throws {
        guard (2...SessionMesh.maximumDevices).contains(devices), hours > 0, hours <= 240, checkpointEvery >= 1 else {
            throw ValidationError("give --devices from 2 to \(SessionMesh.maximumDevices), --hours up to 240 and --checkpoint-every of at least 1 minute")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        let emulation = try Emulation(scenario: try MeshRun.grid(count: devices, boards: boards).scenario(), seed: seed)
        let mesh = try SessionMesh(emulation: emulation, interval: nil, tokenSeed: seed)
        let sessions = devices * (devices - 1)
        print("## Soak: \(devices) devices, every pair ranging at \(Formatting.fixed(mesh.interval.secondsValue * 1000, 0)) ms asked, \(Formatting.fixed(hours, 2)) simulated h (seed \(seed))\n")
        var table = MarkdownTable([
            "simulated h", "wall s", "× real time", "sessions updated since the last row", "updates/s per session",
            "removals so far", "resident MB", "file descriptors", "threads",
        ])
        let start = ContinuousClock.now
        let end = hours * 3600
        // A row after the first minute, when the world is set up, then every checkpoint, and at the end.
        var checkpoints = [min(60, end)] + Array(stride(from: checkpointEvery * 60, to: end, by: checkpointEvery * 60)) + [end]
        checkpoints = Array(Set(checkpoints)).sorted()
        var previous = 0.0
        var time = 0.0
        var updated: [String: Int] = [:]
        var removals = 0
        var first: ProcessResources?
        var last: ProcessResources?
        for checkpoint in checkpoints {
            while time < checkpoint {
                time = min(time + 1, checkpoint)
                mesh.run(until: SimulationTime(seconds: time), pacing: WallClockPacing(), speed: 0)
                for report in mesh.collect() {
                    switch report.event {
                    case .measured: updated[report.device + ">" + report.peer, default: 0] += 1
                    case .removed, .invalidated: removals += 1
                    case .started: break
                    }
                }
            }
            let resources = try ProcessResources()
            first = first ?? resources
            last = resources
            let wall = (ContinuousClock.now - start).secondsValue
            let rate = Double(updated.values.reduce(0, +)) / Double(sessions) / (time - previous)
            table.append([
                Formatting.fixed(time / 3600, 2), Formatting.fixed(wall, 0), Formatting.factor(time / wall),
                "\(updated.count) of \(sessions)", Formatting.fixed(rate, 2), "\(removals)",
                ResidentMemory.megabytes(resources.resident), "\(resources.descriptors)", "\(resources.threads)",
            ])
            progress("soak: \(Formatting.fixed(time / 3600, 2)) h, \(updated.count) of \(sessions) sessions updated, \(ResidentMemory.megabytes(resources.resident)) MB")
            updated = [:]
            previous = time
        }
        print(table.markdown + "\n")
        if let first, let last {
            func change(_ from: Int, _ to: Int) -> String { Formatting.signed(Double(to - from) / Double(max(from, 1)) * 100) + " %" }
            print("From the first row to the last: resident memory \(change(first.resident, last.resident)), "
                + "file descriptors \(change(first.descriptors, last.descriptors)), threads \(change(first.threads, last.threads)).")
        }
    }
}
