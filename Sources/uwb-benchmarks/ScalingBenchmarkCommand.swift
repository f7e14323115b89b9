import ArgumentParser
import Foundation
import UWBCore

/// `uwb-benchmarks scaling`: how the emulator scales with devices that range, and what memory it
/// keeps over long runs: the real-time factor of warehouse worlds of ranging pairs
/// (``WarehouseWorld``), the resident memory of the largest over an hour of simulated time
/// (``WarehouseMemory``, run first so that its peak is its own), and the peak memory of
/// `uwb demo` over an hour and a day (``DemoMemory``). Prints markdown tables; progress goes to
/// standard error. Pin it to one core (`taskset -c 0`), but for `--threads` above 1.
struct ScalingBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling",
        abstract: "Benchmark the emulator with many ranging devices: speed, and memory over long runs.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Emulator scaling\".")

    @Option(help: "The repository root (for Hardware/boards and the demo room); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(parsing: .upToNextOption, help: "Device counts of the speed worlds (even numbers).")
    var devices: [Int] = [200, 1000]

    @Option(parsing: .upToNextOption, help: "Simulated seconds timed per speed world: one value for all, or one per device count.")
    var seconds: [Double] = [30, 10]

    @Option(parsing: .upToNextOption, help: "Threads to run each speed world on, one part of it each: a row per count.")
    var threads: [Int] = [1]

    @Option(help: "Timed repetitions of each speed world.")
    var repetitions = 3

    @Option(help: "Metres between neighbouring pairs.")
    var spacing = 20.0

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(help: "Devices of the memory world.")
    var memoryDevices = 1000

    @Option(help: "Simulated seconds of the memory world.")
    var memorySeconds = 3600.0

    @Option(help: "Simulated seconds between memory readings after the first minute.")
    var checkpointEvery = 600.0

    @Option(parsing: .upToNextOption, help: "Simulated seconds of the uwb demo runs.")
    var demoDurations: [Double] = [3600, 86_400]

    @Option(help: "The uwb executable for the demo runs; by default the one beside this executable.")
    var uwb: String?

    @Flag(inversion: .prefixedNo, help: "Run the memory world.")
    var memory = true

    @Flag(inversion: .prefixedNo, help: "Run uwb demo for its memory.")
    var demo = true

    @Flag(inversion: .prefixedNo, help: "Run the speed worlds.")
    var speed = true

    func validate() throws {
        guard !devices.isEmpty, devices.allSatisfy({ $0 >= 2 && $0 <= 1000 && $0 % 2 == 0 }), memoryDevices >= 2,
              memoryDevices <= 1000, memoryDevices % 2 == 0 else {
            throw ValidationError("--devices and --memory-devices: give even device counts from 2 to 1000 (a scenario holds at most 1000)")
        }
        guard seconds.count == 1 || seconds.count == devices.count, seconds.allSatisfy({ $0 >= 1 && $0 <= 86_400 }) else {
            throw ValidationError("--seconds: give one duration, or one per device count, each from 1 to 86400")
        }
        guard !threads.isEmpty, threads.allSatisfy({ $0 >= 1 }), devices.allSatisfy({ $0 / 2 >= threads.max() ?? 1 }) else {
            throw ValidationError("--threads: give counts of 1 or more, at most one per pair of the smallest world")
        }
        guard repetitions > 0, spacing > WarehouseWorld.partnerDistance, memorySeconds >= 1, checkpointEvery >= 1,
              demoDurations.allSatisfy({ $0 >= 1 && $0 <= 86_400 }) else {
            throw ValidationError("--repetitions, --memory-seconds and --checkpoint-every must be positive, --spacing above 3 m, --demo-durations from 1 to 86400")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        if memory {
            print("## Memory: \(memoryDevices) devices in pairs over \(Formatting.fixed(memorySeconds, 0)) simulated s (seed \(seed))\n")
            let world = WarehouseWorld(count: memoryDevices, spacing: spacing, seed: seed, boards: boards)
            print(try WarehouseMemory(world, seconds: memorySeconds, every: checkpointEvery).markdown + "\n")
        }
        if demo, !demoDurations.isEmpty {
            let executable = try UWBExecutable.locate(override: uwb)
            print("## uwb demo: the demo room, --speed 0 --format jsonl\n")
            var table = MarkdownTable(["simulated s", "wall s", "peak resident MB"])
            for duration in demoDurations {
                let run = try DemoMemory(uwb: executable, repository: repository, duration: duration)
                progress("demo \(Formatting.fixed(duration, 0)) s: \(ResidentMemory.megabytes(run.peak)) MB peak")
                table.append([Formatting.fixed(duration, 0), Formatting.fixed(run.wall, 1), ResidentMemory.megabytes(run.peak)])
            }
            print(table.markdown + "\n")
        }
        if speed {
            print("## Speed: pairs ranging at 10 Hz in a CM4 warehouse, \(Formatting.fixed(spacing, 0)) m between pairs (seed \(seed))\n")
            print(try speedTable(boards: boards).markdown + "\n")
        }
    }

    /// The speed worlds' table: one row per device count and thread count, medians over the
    /// repetitions. Every run of a device count must give the same digest, whatever its threads.
    private func speedTable(boards: String) throws -> MarkdownTable {
        var table = MarkdownTable([
            "devices", "threads", "simulated s", "runs", "real-time factor (median)", "min–max", "wall s (median)", "events/s",
            "frames per simulated s", "measurements per simulated s", "failed rounds", "driver errors", "digest",
        ])
        for (index, count) in devices.enumerated() {
            let duration = seconds.count == 1 ? seconds[0] : seconds[index]
            // Per thread count, its runs. The thread counts take turns within each repetition, so that a
            // change in the host's load falls on all of them alike.
            var runs = [[WarehouseRun]](repeating: [], count: threads.count)
            for repetition in 1...repetitions {
                for (place, threadCount) in threads.enumerated() {
                    var world = WarehouseWorld(count: count, spacing: spacing, seed: seed, boards: boards)
                    world.parts = threadCount
                    let run = try WarehouseRun(world, seconds: duration)
                    progress("\(count) devices on \(threadCount) threads, run \(repetition): \(Formatting.factor(run.realTimeFactor)) real time")
                    runs[place].append(run)
                }
            }
            let digests = Set(runs.joined().map(\.digest))
            guard digests.count == 1 else {
                throw BenchmarkError.nondeterministic(devices: count, digests: digests.sorted())
            }
            for (place, threadCount) in threads.enumerated() {
                appendRow(to: &table, runs: runs[place], count: count, threads: threadCount, duration: duration)
            }
        }
        return table
    }

    /// One row of the speed table: `runs` of the world of `count` devices on `threads` threads.
    private func appendRow(to table: inout MarkdownTable, runs: [WarehouseRun], count: Int, threads: Int, duration: Double) {
        guard let first = runs.first, let factor = Spread(runs.map(\.realTimeFactor)), let wall = Spread(runs.map(\.wall)),
              let events = Spread(runs.map { Double($0.events) / $0.wall })
        else { return }
        table.append([
            "\(count)", "\(threads)", Formatting.fixed(duration, 0), "\(runs.count)", Formatting.factor(factor.median),
            "\(Formatting.factor(factor.minimum))–\(Formatting.factor(factor.maximum))", Formatting.fixed(wall.median, 2),
            Formatting.rate(events.median), Formatting.rate(Double(first.frames) / duration),
            Formatting.rate(Double(first.measurements) / duration), "\(first.failures)", "\(first.errors)", "`\(hex(first.digest))`",
        ])
    }
}
