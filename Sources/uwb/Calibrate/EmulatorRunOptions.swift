import ArgumentParser
import UWBEmulator

/// The options of a calibration on a scenario of the emulator, in one process.
struct EmulatorRunOptions: ParsableArguments {
    @Option(help: "The scenario file (JSON) to calibrate on the emulator; see Docs/scenarios.md.")
    var scenario: String?

    @Option(parsing: .unconditional, help: "Emulator: simulated seconds of ranging (default: the scenario's duration).")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "Emulator: simulated seconds before the measurements count.")
    var settle = 1.0

    @Option(parsing: .unconditional, help: "Emulator: random seed; overrides the scenario's.")
    var seed: UInt64?

    func validate() throws {
        guard scenario != nil else { return }
        guard settle.isFinite, settle >= 0 else { throw ValidationError("--settle \(settle): give 0 or more seconds") }
        if let seconds {
            guard seconds.isFinite, seconds > settle + 1, seconds <= 3600 else {
                throw ValidationError("--seconds \(seconds): give up to 3600, at least a second more than --settle (\(settle))")
            }
        }
    }

    /// The scenario at `path` and its world, seeded by `seed` if given; the seconds to run it
    /// (`--seconds`, else the scenario's duration, which must be a second longer than `--settle`).
    static func load(_ path: String, seed: UInt64?, seconds: Double?, settle: Double) throws(CommandFailure) -> (Scenario, Emulation, Double) {
        do {
            let loaded = try Scenario.load(from: path)
            let run = seconds ?? loaded.duration.secondsValue
            guard run > settle + 1 else {
                throw CommandFailure("\(path) lasts \(run) s: give --seconds at least a second more than --settle (\(settle))")
            }
            return (loaded, try Emulation(scenario: loaded, seed: seed), run)
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
