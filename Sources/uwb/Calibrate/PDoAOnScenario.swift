import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// `uwb calibrate pdoa --scenario`: the device ranges with its peers on the emulator; the phase
/// differences of the first half of the run give the offsets, compared here with the chips' true
/// ones (which the estimate does not see, and which may have changed at the chips' reset:
/// ``PhaseAtReset``), and the second half shows the angle error before and after.
struct PDoAOnScenario {
    let path: String
    let device: String
    /// The peers whose frames count; nil for every other device.
    let peers: [String]?
    /// Simulated seconds to run; nil for the scenario's duration.
    let seconds: Double?
    let settle: Double
    let seed: UInt64?
    let store: String?
    let samplesFile: String?

    /// How often the run stops to collect what the sessions measured, with the true direction at
    /// that moment: every 2 ms of virtual time (a peer walking at 1.5 m/s moves 3 mm, 0.07° at 2.5 m).
    static let step = 0.002

    func run() throws {
        let (loaded, emulation, seconds) = try EmulatorRunOptions.load(path, seed: seed, seconds: self.seconds, settle: settle)
        let names = emulation.devices.map(\.name)
        guard let deviceIndex = names.firstIndex(of: device) else {
            throw CommandFailure("\(path) has no device \(device); its devices: \(names.joined(separator: ", "))")
        }
        for peer in peers ?? [] where !names.contains(peer) || peer == device {
            throw CommandFailure("--peer \(peer) is not another device of \(path); its devices: \(names.joined(separator: ", "))")
        }
        let board = emulation.devices[deviceIndex].board
        let array = try PDoAOnRadios.array(of: board, channel: loaded.radio.channel, name: device)
        let mesh: SessionMesh
        do {
            mesh = try SessionMesh(emulation: emulation, interval: nil, tokenSeed: seed ?? loaded.seed, hub: device)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
        var samples: [PhaseSample] = []
        var now = 0.0
        while now < seconds {
            now = min(seconds, now + Self.step)
            mesh.run(until: SimulationTime(seconds: now), pacing: WallClockPacing(), speed: 0)
            for report in mesh.collect() where report.device == device && (peers?.contains(report.peer) ?? true) {
                guard case .measured(_, let measurement) = report.event, now > settle, let differences = measurement.phaseDifferences,
                      let peerIndex = names.firstIndex(of: report.peer),
                      let truth = emulation.groundTruth(from: deviceIndex, to: peerIndex, at: SimulationTime(seconds: now))
                else { continue }
                samples.append(PhaseSample(
                    time: now, peer: report.peer,
                    sample: PhaseCalibration.Sample(phaseDifferences: differences, trueDirection: truth.direction)))
            }
        }
        let half = settle + (seconds - settle) / 2
        let calibration = samples.filter { $0.time < half }, evaluation = samples.filter { $0.time >= half }
        guard !calibration.isEmpty, !evaluation.isEmpty else {
            throw CommandFailure(
                "\(device) measured no phase difference of \(peers?.joined(separator: ", ") ?? "any peer") in \(path): "
                    + "bring a peer within range, in line of sight, and give it more --seconds")
        }
        let report: PDoAReport
        do {
            report = try PDoAReport(array: array, samples: calibration)
        } catch {
            throw CommandFailure("\(device): \(error)")
        }
        let chips = emulation.devices[deviceIndex].chips
        print("| \(report.elementHeading) | offset found (°) | true offset now (°) | error (°) |")
        print("| --- | ---: | ---: | ---: |")
        for element in array.elements.dropFirst() {
            let truth = Self.trueOffset(of: element, in: array) { chips[$0].phaseOffset }
            let found = report.offsets[element.chip]
            print(String(format: "| %d | %.2f | %.2f | %.2f |", element.chip, found.degrees, truth.degrees, (found - truth).wrapped.degrees))
        }
        print("")
        print("Offsets from \(calibration.count) samples of the first half of the run (after --settle); "
            + "the error is over the \(evaluation.count) of the second half.")
        report.printAngleError(of: evaluation, label: "second-half")
        if let samplesFile {
            try PDoAOnRadios.write(report.jsonLines(samples, device: device), to: samplesFile)
        }
        if let store {
            let key = AntennaDelayOnScenario.key(device)
            let current = try CalibrationStoreFile.load(store)
            try CalibrationStoreFile.update(store, with: [key: report.storing(in: current.entry(for: key, board: board))])
            print("Stored \(device)'s phase offsets (key \(key)) in \(store).")
        }
    }

    /// The true offset of `element` against `array`'s reference, from each board chip's true
    /// phase offset (`chipOffset`, given the chip's index): the difference of the two chips'
    /// offsets on a multi-chip board; the chip's own offset for the second port of a two-port chip,
    /// which the chip adds to the phase difference it measures between its ports.
    static func trueOffset(of element: AntennaElement, in array: AntennaArray, chipOffset: (Int) -> Angle) -> Angle {
        switch array.source {
        case .chipCarrierPhases:
            (chipOffset(element.chip) - chipOffset(array.elements[0].chip)).wrapped
        case .antennaPorts(let chip):
            chipOffset(chip).wrapped
        }
    }
}
