import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBPlot

/// `uwb cir --scenario FILE`: ranges the scenario as `uwb range` does, then reads a device's chip's
/// last channel impulse response through its real driver and adds what the virtual chip knows
/// about it (``CIRTruth``).
struct ScenarioCir {
    /// The scenario file.
    let path: String
    /// The device's name; `nil` for the second device, the first device's first responder.
    let device: String?
    /// The chip of the device's board.
    let chip: Int
    /// How long to range, on virtual time.
    let seconds: Double
    /// Rounds per second with each peer, or `nil` for `uwb range`'s default.
    let rate: Double?
    /// The random seed, or `nil` for the scenario's.
    let seed: UInt64?
    /// The accumulator to read.
    let accumulator: CirAccumulatorChoice
    /// The taps to give.
    let samples: CirSampleChoice

    /// Virtual time between two looks at the measurements, which are dropped as the world runs
    /// instead of being kept for the whole run.
    private static let slice: Duration = .seconds(1)

    /// Runs the scenario and reads the response.
    ///
    /// - Throws: `CommandFailure` for a scenario that cannot be ranged, a device or chip it does
    ///   not have, or a read the driver refuses.
    func read() throws -> CIRDocument {
        let ranging: ScenarioRanging
        do {
            ranging = try ScenarioRanging(scenario: try Scenario.load(from: path), seed: seed, rate: rate)
        } catch let error as ScenarioError {
            throw CommandFailure(error.description)
        } catch let error as ScenarioRangingError {
            throw CommandFailure("\(path): \(error.description)")
        }
        let target = try chosenDevice(of: ranging.emulation.devices)
        guard chip < target.chips.count, chip < target.radio.transceivers.count else {
            let count = min(target.chips.count, target.radio.transceivers.count)
            throw CommandFailure(
                "--chip \(chip): \(target.name)'s board \(target.board.id) has \(count) chip\(count == 1 ? "" : "s"); "
                    + "give --chip 0\(count > 1 ? " to \(count - 1)" : "")")
        }
        let end = SimulationTime(seconds: seconds)
        var time = SimulationTime.zero
        while time < end {
            time = min(time + Self.slice, end)
            ranging.run(until: time)
            _ = ranging.takeRecords()
            _ = ranging.takeFailures()
        }
        let source = "\(target.name) chip \(chip)"
        let response: ChannelImpulseResponse
        do {
            response = try target.radio.transceivers[chip].readChannelImpulseResponse(accumulator.accumulator, samples: samples.requested)
        } catch {
            throw CirReadFailure.failure(
                error, source: source, accumulator: accumulator,
                noReception: "range longer (--seconds), or pick a --device or --chip that receives")
        }
        let reading = accumulator == .ipatov ? target.chips[chip].lastPreambleReading : nil
        if let reading, let detected = response.firstPathIndex, abs(reading.edge.index - detected) > Self.firstPathResolution {
            StandardError.line(
                "note: \(source)'s accumulator was last written by a frame its driver did not keep (first path \(reading.edge.index) "
                    + "against the driver's \(detected)); the emulator's truth describes the accumulator's frame")
        }
        return CIRDocument(try samples.trimmed(response), device: target.name, chip: chip, truth: reading.map(CIRTruth.init))
    }

    /// The step of the first-path index the chip reports (FP_INDEX counts 64ths of a tap), with room for rounding.
    private static let firstPathResolution = 1.0 / 64 + 1e-9

    /// The device `--device` names, or the second one.
    ///
    /// - Throws: `CommandFailure` naming the scenario's devices when none has that name.
    private func chosenDevice(of devices: [EmulatedDevice]) throws -> EmulatedDevice {
        let names = devices.map(\.name).joined(separator: ", ")
        if let device {
            guard let found = devices.first(where: { $0.name == device }) else {
                throw CommandFailure("--device \(device): \(path) has no such device; its devices are \(names)")
            }
            return found
        }
        guard let responder = devices.dropFirst().first else {
            throw CommandFailure("\(path) has one device (\(names)), and a CIR needs a frame from another; add a second device")
        }
        return responder
    }
}
