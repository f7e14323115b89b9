import ArgumentParser
import Foundation
import UWBEmulator
import UWBPlot

/// `uwb-benchmarks accessory`: an emulated phone ranging with a Linux accessory (DWM3000 radios on
/// the emulator, channel 9, static STS from FiRa's key schedule): the virtual time from
/// initialise to the first distance, and the accuracy of both sides at 1–20 m.
struct AccessoryBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessory",
        abstract: "Measure an emulated phone ranging with an accessory: time to the first distance, accuracy at 1–20 m.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Accessories\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(parsing: .upToNextOption, help: "Distances in metres.")
    var distances: [Double] = [1, 2, 5, 10, 15, 20]

    @Option(parsing: .upToNextOption, help: "Channel models: free-space, cm1 (residential LOS), …")
    var channels: [ChannelModelKind] = [.freeSpace, .cm1]

    @Option(help: "Virtual seconds of ranging per distance.")
    var seconds = 36.0

    @Option(help: "Runs (seeds) for the time to the first distance.")
    var starts = 20

    func validate() throws {
        guard !distances.isEmpty, distances.allSatisfy({ $0 > 0 }), seconds > 1, starts > 0 else {
            throw ValidationError("give distances > 0, --seconds > 1 and --starts > 0")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        var startTable = MarkdownTable(["channel model", "runs", "median ms", "max ms", "first distance error, median cm"])
        for kind in channels {
            var waits: [Double] = []
            var errors: [Double] = []
            for seed in 1...UInt64(starts) {
                let pair = try AccessoryPair(metres: 5, channel: kind, seed: seed, boards: boards)
                pair.run(for: .seconds(2))
                guard let first = pair.distances(of: .phone).first else { continue }
                waits.append((first.time - pair.initialized) / .milliseconds(1))
                errors.append((first.metres - 5) * 100)
            }
            let sorted = waits.sorted()
            startTable.append([
                "\(kind)", "\(waits.count) of \(starts)", String(format: "%.1f", SampleStatistics.quantile(0.5, ofSorted: sorted)),
                String(format: "%.1f", sorted.last ?? .nan), String(format: "%.1f", SampleStatistics.quantile(0.5, ofSorted: errors.sorted())),
            ])
        }
        print("Initialise to the first distance (phone at 5 m, virtual time, Bluetooth taking none):\n")
        print(startTable.markdown + "\n")

        var accuracy = MarkdownTable(["channel model", "m", "side", "distances", "of rounds", "bias cm", "std cm", "p95 |error| cm"])
        for kind in channels {
            for metres in distances {
                FileHandle.standardError.write(Data("accessory: \(kind) at \(metres) m\n".utf8))
                let pair = try AccessoryPair(metres: metres, channel: kind, seed: 1, boards: boards)
                pair.run(for: .seconds(seconds))
                let rounds = Int(seconds / 0.18)
                for (side, values) in [("phone", pair.distances(of: .phone).map(\.metres)), ("accessory", pair.distances(of: .accessory).map(\.metres))] {
                    let errors = values.filter(\.isFinite).map { ($0 - metres) * 100 }
                    let mean = errors.isEmpty ? Double.nan : errors.reduce(0, +) / Double(errors.count)
                    let spread = errors.isEmpty ? Double.nan : (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)).squareRoot()
                    accuracy.append([
                        "\(kind)", String(format: "%g", metres), side, "\(errors.count)", String(format: "%.0f %%", 100 * Double(errors.count) / Double(rounds)),
                        String(format: "%.1f", mean), String(format: "%.1f", spread),
                        String(format: "%.1f", SampleStatistics(errors)?.absolute95 ?? .nan),
                    ])
                }
            }
        }
        print("Accuracy, channel 9, static STS, \(Int(seconds)) virtual seconds of 180 ms rounds per distance:\n")
        print(accuracy.markdown)
    }
}

extension ChannelModelKind: ExpressibleByArgument {}
