import ArgumentParser
import EmulatedRanging
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// `uwb range`: two-way ranging between a scenario's devices on the emulator, one line per measurement.
struct RangeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "range",
        abstract: "Range between a scenario's devices on the emulator and print every measurement.",
        discussion: """
            The first device ranges with every other device in turn. Both sides of each round print \
            a measurement. Output fields are documented in Docs/ranging-output.md.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl
        case table
    }

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(help: "Rounds per second with each peer.")
    var rate: Double = 10

    @Option(help: "Simulated seconds to run; overrides the scenario's duration.")
    var duration: Double?

    @Option(help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(help: "Output format: jsonl (one JSON object per line) or table.")
    var format: Format = .table

    @Option(help: "Half-angle of the field of view in degrees; directions outside it are null.")
    var fieldOfView: Double = 60

    func validate() throws {
        if let duration, !(duration > 0 && duration <= 86_400) {
            throw ValidationError("--duration \(duration): give a number of seconds above 0 and at most 86400")
        }
        guard fieldOfView > 0, fieldOfView <= 180 else {
            throw ValidationError("--field-of-view \(fieldOfView): give a half-angle in degrees above 0 and at most 180")
        }
    }

    func run() throws {
        let ranging: EmulatedRanging
        let loaded: Scenario
        do {
            loaded = try Scenario.load(from: scenario)
            ranging = try EmulatedRanging(
                scenario: loaded, seed: seed, rate: rate, fieldOfView: FieldOfView(halfAngle: .degrees(fieldOfView)))
        } catch let error as ScenarioError {
            throw ValidationError(error.description)
        } catch let error as EmulatedRangingError {
            throw ValidationError(error.description)
        }
        ranging.run(until: SimulationTime(seconds: duration ?? loaded.duration.secondsValue))
        let output = MeasurementOutput(format: format)
        if format == .table {
            print(MeasurementOutput.tableHeader)
        }
        for record in ranging.records {
            print(output.line(for: record))
        }
        FileHandle.standardError.write(Data(
            "\(ranging.records.count) measurements, \(ranging.failures.count) failed rounds, \(ranging.skippedRounds) skipped\n".utf8))
    }
}
