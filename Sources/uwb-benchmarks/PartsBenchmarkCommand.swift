import ArgumentParser
import Foundation
import UWBCore
import UWBEmulator

/// `uwb-benchmarks parts`: worlds split into parts, one thread each (decision 0030), against one part:
/// the real-time factor and CPU time on each thread count, the speed-up, what each part did (events,
/// frames sent across, windows, time waiting), the memory per device, and a check that every thread
/// count gave the same records. The thread counts take turns within each repetition, so that a change
/// in the host's load falls on all of them alike. Prints markdown tables; progress goes to standard
/// error. Do not pin it to one core.
struct PartsBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parts",
        abstract: "Benchmark worlds split over threads: speed-up, waiting, memory per device, identical output.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"A world on several cores\".")

    /// The worlds it can run.
    enum WorldName: String, ExpressibleByArgument, CaseIterable {
        /// ``WarehouseCrowd``: 100 anchors and 10 000 listening tags by default.
        case warehouse
        /// The crowd of 1000 listening tags and 12 anchors, `Docs/scenarios/thousand-tags.json`.
        case crowd
        /// ``WarehouseWorld``: 1000 devices ranging in pairs.
        case ranging
        /// ``WarehouseWorld`` on channels 5 and 9: 1000 DW3000 devices ranging in pairs, each fitted for one.
        case rangingChannels = "ranging-channels"
    }

    @Option(help: "The repository root (for Hardware/boards and Docs/scenarios); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(parsing: .upToNextOption, help: "The worlds to run, in this order: warehouse, crowd, ranging, ranging-channels.")
    var worlds: [WorldName] = WorldName.allCases

    @Option(parsing: .upToNextOption, help: "Thread counts to run each world on; the first is the reference for speed-ups.")
    var threads: [Int] = [1, 2]

    @Option(help: "Timed repetitions of each world and thread count.")
    var repetitions = 3

    @Option(help: "Simulated seconds of the warehouse.")
    var warehouseSeconds = 1.0

    @Option(help: "Anchors along each side of the warehouse (an even number).")
    var anchorsPerSide = 10

    @Option(help: "Tags along each side of the warehouse.")
    var tagsPerSide = 100

    @Option(help: "Simulated seconds of the crowd.")
    var crowdSeconds = 3.0

    @Option(help: "Simulated seconds of the ranging pairs.")
    var rangingSeconds = 5.0

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(help: """
        Write the warehouse and the ranging pairs as scenario files to this directory (warehouse.json, \
        ranging-pairs.json, ranging-channels.json) and run nothing: for `uwb locate` and `uwb range` on threads or \
        MPI ranks (Docs/mpi.md).
        """)
    var writeScenarios: String?

    func validate() throws {
        guard !worlds.isEmpty, !threads.isEmpty, threads.allSatisfy({ $0 >= 1 }), repetitions >= 1 else {
            throw ValidationError("give at least one world, thread counts of 1 or more, and 1 or more --repetitions")
        }
        guard anchorsPerSide >= 2, anchorsPerSide % 2 == 0, tagsPerSide >= 1,
              anchorsPerSide * anchorsPerSide + tagsPerSide * tagsPerSide <= Scenario.maximumDeviceCount else {
            throw ValidationError("--anchors-per-side: an even number from 2; --tags-per-side from 1; at most \(Scenario.maximumDeviceCount) devices in all")
        }
        for seconds in [warehouseSeconds, crowdSeconds, rangingSeconds] where !(seconds >= 1 && seconds <= 600) {
            throw ValidationError("give simulated seconds from 1 to 600")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        if let writeScenarios {
            let directory = URL(fileURLWithPath: writeScenarios)
            let crowd = WarehouseCrowd(anchorsPerSide: anchorsPerSide, tagsPerSide: tagsPerSide, boards: boards)
            try crowd.json(seed: seed).write(to: directory.appendingPathComponent("warehouse.json"))
            try pairs(on: .five, boards: boards).world().json().write(to: directory.appendingPathComponent("ranging-pairs.json"))
            try pairs(on: .fiveAndNine, boards: boards).world().json()
                .write(to: directory.appendingPathComponent("ranging-channels.json"))
            print("wrote \(directory.path)/warehouse.json, ranging-pairs.json and ranging-channels.json; range the pairs with --seed \(seed) --rate \(WarehouseWorld.rate) --cluster-size 2")
            return
        }
        for world in worlds {
            switch world {
            case .warehouse:
                let crowd = WarehouseCrowd(anchorsPerSide: anchorsPerSide, tagsPerSide: tagsPerSide, boards: boards)
                let scenario = try crowd.scenario(seed: seed)
                try report(
                    "\(tagsPerSide * tagsPerSide) listening tags and \(anchorsPerSide * anchorsPerSide) anchors in a CM7 warehouse",
                    seconds: warehouseSeconds) { try PartsRun.World.positioning(scenario, parts: $0) }
            case .crowd:
                let scenario = try Scenario.load(from: repository + "/Docs/scenarios/thousand-tags.json", boardSearchPaths: [boards])
                try report("1000 listening tags and 12 anchors (thousand-tags.json)", seconds: crowdSeconds) {
                    try PartsRun.World.positioning(scenario, parts: $0)
                }
            case .ranging:
                let pairs = pairs(on: .five, boards: boards)
                try report("1000 devices ranging in pairs at 10 Hz, 20 m between pairs (scaling's world)", seconds: rangingSeconds) {
                    try PartsRun.World.ranging(pairs, parts: $0)
                }
            case .rangingChannels:
                let pairs = pairs(on: .fiveAndNine, boards: boards)
                try report("1000 DW3000 devices ranging in pairs at 10 Hz on channels 5 and 9, 20 m between pairs", seconds: rangingSeconds) {
                    try PartsRun.World.ranging(pairs, parts: $0)
                }
            }
        }
    }

    /// The scaling benchmark's 1000 devices in pairs 20 m apart, on `channels`.
    private func pairs(on channels: WarehouseWorld.Channels, boards: String) -> WarehouseWorld {
        WarehouseWorld(count: 1000, spacing: 20, seed: seed, boards: boards, channels: channels)
    }

    /// Runs the world `make` builds on every thread count, `repetitions` times each, and prints its tables.
    private func report(_ title: String, seconds: Double, make: (Int) throws -> PartsRun.World) throws {
        var runs = [[PartsRun]](repeating: [], count: threads.count)
        for repetition in 1...repetitions {
            for (place, count) in threads.enumerated() {
                let run = try PartsRun(threads: count, seconds: seconds, make: make)
                progress("\(title), \(count) threads, run \(repetition): \(Formatting.factor(run.realTimeFactor)) real time")
                runs[place].append(run)
            }
        }
        let digests = Set(runs.joined().map(\.digest))
        guard digests.count == 1, let first = runs.first?.first else {
            throw BenchmarkError.nondeterministic(devices: runs.first?.first?.devices ?? 0, digests: digests.sorted())
        }
        print("## \(title), \(Formatting.fixed(seconds, 0)) simulated s\n")
        print(
            "\(first.devices) devices; built in \(Formatting.fixed(first.buildWall, 2)) s; the first run's world held "
                + "\(ResidentMemory.megabytes(first.builtBytes)) MB resident once built, \(ResidentMemory.megabytes(first.ranBytes)) MB "
                + "after its run (\(Formatting.fixed(Double(first.ranBytes) / Double(first.devices) / 1024, 1)) KiB a device); "
                + "\(first.records) records, digest `\(hex(first.digest))` on every run\n")
        var table = MarkdownTable([
            "threads", "runs", "real-time factor (median)", "min–max", "speed-up (median of paired runs)", "CPU s per simulated s",
        ])
        for (place, count) in threads.enumerated() {
            guard let factor = Spread(runs[place].map(\.realTimeFactor)),
                  let speedUp = Spread(zip(runs[0], runs[place]).map { $0.wall / $1.wall }),
                  let cpu = Spread(runs[place].map { $0.cpu / $0.simulated })
            else { continue }
            table.append([
                "\(count)", "\(runs[place].count)", Formatting.factor(factor.median),
                "\(Formatting.factor(factor.minimum))–\(Formatting.factor(factor.maximum))", Formatting.factor(speedUp.median),
                Formatting.fixed(cpu.median, 2),
            ])
        }
        print(table.markdown + "\n")
        var parts = MarkdownTable(["threads", "part", "devices", "events", "frames sent across", "windows", "s waiting"])
        for (place, count) in threads.enumerated() where count > 1 {
            guard let last = runs[place].last else { continue }
            for part in last.parts {
                parts.append([
                    "\(count)", "\(part.part)", "\(part.devices)", "\(part.events)", "\(part.crossings)", "\(part.windows)",
                    Formatting.fixed(part.blockedSeconds, 2),
                ])
            }
        }
        if !parts.rows.isEmpty {
            print("Each part in the last run:\n\n" + parts.markdown + "\n")
        }
    }
}
