import EmulatorHarness
import Foundation
import UWBCore
import UWBDevices
import UWBEmulator
import UWBRanging

/// `uwb calibrate antenna-delay --scenario`: the scenario's devices range in pairs on the emulator
/// (``CalibrationRun``), the fit finds each one's delay error, compared here with the true one the
/// scenario hides from it, and the room runs again with the corrected calibration.
struct AntennaDelayOnScenario {
    let path: String
    /// Simulated seconds to run; nil for the scenario's duration.
    let seconds: Double?
    let settle: Double
    let seed: UInt64?
    /// The calibration store to write, if any.
    let store: String?

    func run() throws {
        let (loaded, emulation, seconds) = try EmulatorRunOptions.load(path, seed: seed, seconds: self.seconds, settle: settle)
        let run: (names: [String], pairs: [AntennaDelayEstimate.Pair])
        do {
            run = try CalibrationRun.pairs(in: emulation, seconds: seconds, settle: settle, seed: seed ?? loaded.seed)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
        let estimate: AntennaDelayEstimate
        do {
            try CalibrationGeometry.check(run.pairs, wavelength: loaded.radio.channel.centreFrequency.wavelength)
            estimate = try AntennaDelayEstimate(devices: run.names.count, pairs: run.pairs)
        } catch {
            throw CommandFailure("\(path): \(error.description(naming: run.names))")
        }
        print("| device | delay error (ticks) | as a distance (cm) | true error in the scenario (ticks) | estimate − truth (cm) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        var calibration = CalibrationStore()
        for (index, name) in run.names.enumerated() {
            let found = estimate.delayErrors[index]
            guard let device = loaded.devices.first(where: { $0.name == name }) else { continue }
            let truth = Self.trueError(of: device)
            print("| \(name) | \(found.ticks) | \(AntennaDelayReport.centimetres(found.ticks)) | \(truth.map { "\($0)" } ?? "–") | "
                + "\(truth.map { AntennaDelayReport.centimetres(found.ticks - $0) } ?? "–") |")
            calibration.entries[Self.key(name)] = StoredCalibration(for: device.board).correctingAntennaDelays(of: device.board, by: found)
        }
        print("")
        AntennaDelayReport.printPairs(run.pairs, names: run.names, estimate: estimate)
        let after: [AntennaDelayEstimate.Pair]
        do {
            let corrected = try loaded.calibrated(by: calibration, key: Self.key)
            after = try CalibrationRun.pairs(
                in: try Emulation(scenario: corrected, seed: seed), seconds: seconds, settle: settle, seed: seed ?? loaded.seed).pairs
        } catch {
            throw CommandFailure("\(path), run again with the estimate: \(error)")
        }
        AntennaDelayReport.printBeforeAndAfter(before: run.pairs, after: after)
        if let store {
            try CalibrationStoreFile.update(store, with: calibration.entries)
            print("Stored the calibration of \(calibration.entries.count) devices (keys emulator:NAME) in \(store).")
        }
    }

    /// The store key of scenario device `name`: the name of its radio on the emulator service.
    static func key(_ name: String) -> String {
        DeviceChoice.emulatorDevice(name).description
    }

    /// The device's true TX plus RX delay minus its board's calibration, in ticks (its first chip).
    private static func trueError(of device: DeviceSpec) -> Int64? {
        guard let delays = device.antennaDelays.first, let chip = device.board.chips.first else { return nil }
        return (delays.transmit - chip.calibration.txAntennaDelay + delays.receive - chip.calibration.rxAntennaDelay).ticks
    }
}
