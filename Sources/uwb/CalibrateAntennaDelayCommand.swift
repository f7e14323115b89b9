import ArgumentParser
import EmulatedRanging
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// `uwb calibrate antenna-delay`: each device's antenna delay error from the distances every pair
/// of a scenario's devices measures against the true ones (`AntennaDelayEstimate`), on the
/// emulator, whose scenario may give devices true delays the estimate does not see.
struct CalibrateAntennaDelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "antenna-delay",
        abstract: "Estimate each device's antenna delay error from every pair's distances (emulator).",
        discussion: """
            Every two devices of the scenario range through their sessions for --seconds; each \
            pair's mean distance (after --settle) is set against the true distance, and a least-squares \
            fit (Decawave APS014's three-node method, over all pairs) gives each device's TX plus RX \
            delay error. Add half of it to the board's txAntennaDelay and half to its rxAntennaDelay; \
            the command runs the room again with those delays to show the pairs' error before and after. The \
            scenario needs at least three devices that all range with each other, standing still.
            """)

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(help: "Simulated seconds of ranging.")
    var seconds = 10.0

    @Option(help: "Simulated seconds before the distances count.")
    var settle = 1.0

    @Option(help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    func validate() throws {
        guard seconds.isFinite, settle.isFinite, settle >= 0, seconds > settle + 1, seconds <= 3600 else {
            throw ValidationError("give --seconds up to 3600, at least a second more than --settle (0 or more)")
        }
    }

    func run() throws {
        let loaded: Scenario
        let emulation: Emulation
        do {
            loaded = try Scenario.load(from: scenario)
            emulation = try Emulation(scenario: loaded, seed: seed)
        } catch let error as ScenarioError {
            throw ValidationError(error.description)
        } catch let error as EmulationError {
            throw ValidationError(error.description)
        }
        let run: (names: [String], pairs: [AntennaDelayEstimate.Pair])
        let estimate: AntennaDelayEstimate
        do {
            run = try CalibrationRun.pairs(in: emulation, seconds: seconds, settle: settle, seed: seed ?? loaded.seed)
            estimate = try AntennaDelayEstimate(devices: run.names.count, pairs: run.pairs)
        } catch let error as SessionMeshError {
            throw ValidationError("\(scenario): \(error)")
        } catch let error as AntennaDelayEstimateError {
            throw ValidationError("\(scenario): \(error)")
        }
        print("| device | delay error (ticks) | as a distance (cm) | true error in the scenario (ticks) | estimate − truth (cm) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for (index, name) in run.names.enumerated() {
            let found = estimate.delayErrors[index]
            let truth = loaded.devices.first { $0.name == name }.flatMap(Self.trueError)
            print("| \(name) | \(found.ticks) | \(Self.centimetres(found.ticks)) | \(truth.map { "\($0)" } ?? "–") | "
                + "\(truth.map { Self.centimetres(found.ticks - $0) } ?? "–") |")
        }
        let before = run.pairs.map { abs($0.measured.metres - $0.actual.metres) }.sorted()
        // A second run in which each board's calibration carries the estimate, as the driver will.
        var corrected = loaded
        for (index, name) in run.names.enumerated() {
            guard let device = corrected.devices.firstIndex(where: { $0.name == name }) else { continue }
            do {
                corrected.devices[device].board = try Self.board(corrected.devices[device].board, correctedBy: estimate.delayErrors[index])
            } catch {
                throw ValidationError("\(scenario): \(name)'s corrected calibration is not a valid board: \(error); check its distances")
            }
        }
        let after: [Double]
        do {
            let again = try CalibrationRun.pairs(
                in: try Emulation(scenario: corrected, seed: seed), seconds: seconds, settle: settle, seed: seed ?? loaded.seed)
            after = again.pairs.map { abs($0.measured.metres - $0.actual.metres) }.sorted()
        } catch let error as SessionMeshError {
            throw ValidationError("\(scenario), run again with the estimate: \(error)")
        } catch let error as EmulationError {
            throw ValidationError("\(scenario), run again with the estimate: \(error)")
        }
        print("")
        print("Pairs' distance error, \(run.pairs.count) pairs: before \(Self.summary(before)); "
            + "run again with each board's calibration corrected by the estimate \(Self.summary(after)).")
    }

    /// `board` with its first chip's TX and RX antenna delays each lengthened by half of `error`
    /// (the first chip transmits and timestamps the rounds; APS014 splits the total evenly).
    private static func board(
        _ board: BoardDescription, correctedBy error: DeviceDuration
    ) throws(BoardDescriptionError) -> BoardDescription {
        var chips = board.chips
        if !chips.isEmpty {
            let half = DeviceDuration(ticks: error.ticks / 2)
            chips[0].calibration.txAntennaDelay = chips[0].calibration.txAntennaDelay + half
            chips[0].calibration.rxAntennaDelay = chips[0].calibration.rxAntennaDelay + (error - half)
        }
        return try BoardDescription(id: board.id, name: board.name, summary: board.summary, usb: board.usb, spi: board.spi, chips: chips)
    }

    /// The device's true TX plus RX delay minus its board's calibration, in ticks (its first chip).
    private static func trueError(of device: DeviceSpec) -> Int64? {
        guard let delays = device.antennaDelays.first, let chip = device.board.chips.first else { return nil }
        return (delays.transmit - chip.calibration.txAntennaDelay + delays.receive - chip.calibration.rxAntennaDelay).ticks
    }

    /// `ticks` of delay as the distance c·ε, in centimetres with one decimal.
    private static func centimetres(_ ticks: Int64) -> String {
        String(format: "%.1f", Double(ticks) / DeviceClock.ticksPerSecond * PhysicalConstants.speedOfLight.metresPerSecond * 100)
    }

    /// Median and largest of sorted absolute errors in metres, in centimetres.
    private static func summary(_ sorted: [Double]) -> String {
        guard let largest = sorted.last else { return "none" }
        return String(format: "median %.1f cm, largest %.1f cm", sorted[sorted.count / 2] * 100, largest * 100)
    }
}
