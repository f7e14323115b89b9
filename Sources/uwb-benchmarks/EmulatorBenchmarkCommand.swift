import ArgumentParser
import Foundation
import UWBCore
import UWBEmulator

/// `uwb-benchmarks emulator` (the default subcommand): how fast the emulator runs worlds of
/// scripted devices, and how many SPI transactions per second one virtual DW1000 answers. Prints
/// markdown tables; progress goes to standard error.
struct EmulatorBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Benchmark the emulator: real-time factor of scripted worlds and SPI transactions per second.",
        discussion: "Results and how to read them: Docs/benchmarks.md.")

    @Option(parsing: .upToNextOption, help: "Device counts of the worlds to run.")
    var devices: [Int] = [2, 20, 200]

    @Option(parsing: .upToNextOption, help: "Simulated seconds per world: one value for all, or one per device count.")
    var seconds: [Double] = [300, 30, 5]

    @Option(help: "Timed repetitions of each benchmark.")
    var repetitions = 5

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(help: "SPI transactions per repetition of the raw transfer benchmarks.")
    var transfers = 2_000_000

    @Option(help: "Frames per repetition of the handleInterrupt() benchmarks.")
    var frames = 20_000

    @Option(help: "The board every device uses.")
    var board = "ft232h-dw1000-single"

    @Flag(inversion: .prefixedNo, help: "Run the world benchmarks.")
    var worlds = true

    @Flag(inversion: .prefixedNo, help: "Run the SPI micro-benchmarks.")
    var spi = true

    func validate() throws {
        guard !devices.isEmpty, devices.allSatisfy({ $0 > 0 && $0 <= 10_000 }) else {
            throw ValidationError("--devices: give device counts from 1 to 10000")
        }
        guard seconds.count == 1 || seconds.count == devices.count, seconds.allSatisfy({ $0 > 0 && $0 <= 86_400 }) else {
            throw ValidationError("--seconds: give one duration, or one per device count, each above 0 and at most 86400")
        }
        guard repetitions > 0, transfers > 0, frames > 0 else {
            throw ValidationError("--repetitions, --transfers and --frames must be positive")
        }
    }

    func run() throws {
        let description = try BoardCatalog.board(named: board, searchPaths: BoardCatalog.defaultSearchPaths)
        if worlds {
            print("## Worlds: scripted devices at 10 Hz in a CM3 hall (seed \(seed))\n")
            print(try worldTable(board: description).markdown + "\n")
        }
        if spi {
            print("## SPI through one virtual DW1000\n")
            print(try spiTable(board: description).markdown)
        }
    }

    private func worldTable(board: BoardDescription) throws -> WorldTable {
        var results: [(devices: Int, runs: [WorldRun])] = []
        for (index, count) in devices.enumerated() {
            let duration = seconds.count == 1 ? seconds[0] : seconds[index]
            var runs: [WorldRun] = []
            for repetition in 1...repetitions {
                let run = try WorldRun(HallWorld(count: count, seed: seed, board: board), seconds: duration)
                progress("\(count) devices, run \(repetition): \(Formatting.factor(run.realTimeFactor)) real time")
                runs.append(run)
            }
            let digests = Set(runs.map(\.digest))
            guard digests.count == 1 else {
                throw BenchmarkError.nondeterministic(devices: count, digests: digests.sorted())
            }
            results.append((count, runs))
        }
        return WorldTable(results: results)
    }

    private func spiTable(board: BoardDescription) throws -> SPITable {
        let benchmark = SPIBenchmark(board: board)
        var reads: [SPIMeasurement] = []
        var writes: [SPIMeasurement] = []
        var transmitted: [SPIMeasurement] = []
        var received: [SPIMeasurement] = []
        for repetition in 1...repetitions {
            reads.append(try benchmark.statusReads(iterations: transfers))
            writes.append(try benchmark.transmitBufferWrites(iterations: transfers))
            let interrupts = try benchmark.interrupts(rounds: frames)
            transmitted.append(interrupts.transmitted)
            received.append(interrupts.received)
            progress("SPI run \(repetition): \(Formatting.rate(reads[reads.count - 1].transactionsPerSecond)) SYS_STATUS reads/s")
        }
        return SPITable(results: [
            ("`transfer`: SYS_STATUS read, 4 octets", reads),
            ("`transfer`: TX_BUFFER write, 25 octets", writes),
            ("`handleInterrupt()` after TX done", transmitted),
            ("`handleInterrupt()` after a good frame", received),
        ])
    }
}
