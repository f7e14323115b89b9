import ArgumentParser
import Foundation
import UWBDevices
import UWBPlot

/// `uwb cir` (`uwb cir read`, the default): a device's last channel impulse response, read through its real
/// driver, from a scenario run on the emulator (with the emulator's truth) or from a live radio (`Docs/cir.md`).
struct CirReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print or save a device's last channel impulse response (CIR), from a scenario run or a live radio.",
        discussion: """
            With --scenario, the scenario is ranged as `uwb range` ranges it for --seconds of virtual \
            time, then the CIR of --device's chip (by default the second device, the first \
            responder) is read through its driver, with the emulator's truth: the straight line's \
            tap, the direct path's tap and the detection's threshold and noise. Without --scenario, \
            the radio --device names (usb:SERIAL or emulator:NAME; default UWB_DEVICE) listens to \
            every frame and the CIR of the first good one (or the --frames-th) is read before it \
            listens again. `uwb plot cir` draws the JSON output. See Docs/cir.md.
            """)

    @Option(help: "A scenario to range on the emulator (JSON; see Docs/scenarios.md); without it, a live radio is read.")
    var scenario: String?

    @Option(help: """
        With --scenario: the device's name (default: the second device). Otherwise the radio: \
        usb:SERIAL or emulator:NAME (default: UWB_DEVICE; unset: the first attached board).
        """)
    var device: String?

    @Option(parsing: .unconditional, help: "With --scenario: the chip of the device's board, from 0 (default 0).")
    var chip: Int?

    @Option(parsing: .unconditional, help: "With --scenario: virtual seconds to range before reading (default 1).")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "With --scenario: rounds per second with each peer (default: as uwb range).")
    var rate: Double?

    @Option(parsing: .unconditional, help: "With --scenario: random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "On a live radio: seconds on the radio's clock to wait for the frame (default 10).")
    var timeout: Double?

    @Option(parsing: .unconditional, help: "On a live radio: read the CIR of this good frame, counted from 1 (default 1).")
    var frames: Int?

    @Option(help: "The accumulator: ipatov (the preamble's, every radio), sts1 or sts2 (DW3000 family with an STS).")
    var accumulator: CirAccumulatorChoice = .ipatov

    @Option(help: "The taps to read, LOWER..<UPPER (default: the whole accumulator).")
    var samples: String?

    @Option(parsing: .unconditional, help: "Only the taps within this many of the detected first path's.")
    var around: Int?

    @Option(help: "Output format: table, json (one line, for `uwb plot cir`) or csv.")
    var format: CirFormat = .table

    @Option(help: "The file to write (replaced); default standard output.")
    var output: String?

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    /// The default of `--seconds`.
    static let defaultSeconds = 1.0
    /// The default of `--timeout`.
    static let defaultTimeout = 10.0

    func validate() throws {
        _ = try CirSampleChoice(samples: samples, around: around)
        if scenario == nil {
            let scenarioOnly = [("--chip", chip != nil), ("--seconds", seconds != nil), ("--rate", rate != nil), ("--seed", seed != nil)]
            if let (name, _) = scenarioOnly.first(where: \.1) {
                throw ValidationError("\(name) applies to a --scenario run; a live radio is read on chip 0, at once")
            }
        } else {
            if let (name, _) = [("--timeout", timeout != nil), ("--frames", frames != nil)].first(where: \.1) {
                throw ValidationError("\(name) applies to a live radio; a --scenario run reads the CIR after --seconds")
            }
        }
        if let chip, chip < 0 {
            throw ValidationError("--chip \(chip): give a chip index of 0 or more")
        }
        if let seconds, !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("--seconds \(seconds): give a number of seconds above 0 and at most 86400")
        }
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout \(timeout): give a number of seconds above 0 and at most 86400")
        }
        if let frames, frames <= 0 {
            throw ValidationError("--frames \(frames): give a positive number, 1 for the first good frame")
        }
    }

    func run() throws {
        logging.start()
        let sampleChoice = try CirSampleChoice(samples: samples, around: around)
        let destination = CirDestination(path: output)
        let document: CIRDocument
        if let scenario {
            try destination.prepare()
            do {
                document = try ScenarioCir(
                    path: scenario, device: device, chip: chip ?? 0, seconds: seconds ?? Self.defaultSeconds, rate: rate, seed: seed,
                    accumulator: accumulator, samples: sampleChoice
                ).read()
            } catch {
                destination.discard()
                throw error
            }
        } else {
            let choice: DeviceChoice
            do {
                choice = try DeviceChoice(environmentValue: device ?? ProcessInfo.processInfo.environment[DeviceChoice.environmentVariable])
            } catch {
                throw ValidationError(error.description)
            }
            try destination.prepare()
            do {
                document = try LiveCir(
                    choice: choice, frames: frames ?? 1, timeout: .seconds(timeout ?? Self.defaultTimeout), accumulator: accumulator,
                    samples: sampleChoice
                ).read()
            } catch {
                destination.discard()
                throw error
            }
        }
        switch format {
        case .table: try destination.write(CirTable.table(document))
        case .json: try destination.write(CirJSON.line(document))
        case .csv: try destination.write(CirCSV.text(document))
        }
    }
}
