import Foundation
import UWBCore
import UWBRanging

/// What `uwb calibrate pdoa` works out and prints from its samples, on the emulator and on radios
/// alike: the offsets, the angle error before and after, and the samples as JSON lines.
struct PDoAReport {
    /// The device's array as its board's calibration has it (before).
    let array: AntennaArray
    /// The offsets found, indexed like the board's chips.
    let offsets: [Angle]
    /// The array with the offsets found (after).
    let calibrated: AntennaArray

    /// The widest true angle the error counts over: ±60°, the field of view direction is reported
    /// in (`FieldOfView`), where a two-antenna array keeps its accuracy.
    static let evaluatedAngle = Angle.degrees(60)

    /// Offsets estimated from `samples` on `array`.
    ///
    /// - Throws: ``DirectionError`` if the samples cannot give them.
    init(array: AntennaArray, samples: [PhaseSample]) throws(DirectionError) {
        self.array = array
        offsets = try PhaseCalibration.offsets(samples: samples.map(\.sample), array: array)
        calibrated = try array.calibrated(offsets: offsets)
    }

    /// The root mean square of measured minus true horizontal angle over the samples within
    /// ±``evaluatedAngle``, on `array`; nil without such a sample.
    static func angleRMS(of samples: [PhaseSample], on array: AntennaArray) -> (rms: Angle, count: Int)? {
        let errors = samples.compactMap { sample -> Double? in
            let truth = sample.trueAngle(on: array)
            guard abs(truth.radians) <= evaluatedAngle.radians else { return nil }
            return sample.measuredAngle(on: array).map { ($0 - truth).wrapped.radians }
        }
        guard !errors.isEmpty else { return nil }
        return (Angle(radians: (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()), errors.count)
    }

    /// Prints the angle error of `samples` before and after, one line.
    func printAngleError(of samples: [PhaseSample], label: String) {
        let before = Self.angleRMS(of: samples, on: array), after = Self.angleRMS(of: samples, on: calibrated)
        guard let before, let after else {
            print("No \(label) sample within ±60°: no angle error to show.")
            return
        }
        print(String(format: "Angle of arrival RMS error within ±60°, %d %@ samples: before %.2f°, after %.2f°.",
                     after.count, label, before.rms.degrees, after.rms.degrees))
    }

    /// The samples as JSON lines (`Docs/plots.md`, `uwb plot pdoa`): one object per sample and
    /// non-reference chip.
    func jsonLines(_ samples: [PhaseSample], device: String) -> String {
        var lines = ""
        for sample in samples {
            let trueAngle = sample.trueAngle(on: array)
            for (index, element) in array.elements.dropFirst().enumerated() where sample.sample.phaseDifferences.indices.contains(index) {
                let measured = sample.sample.phaseDifferences[index]
                let corrected = (measured - offsets[element.chip]).wrapped
                lines += JSONText.object([
                    ("t", JSONText.number(sample.time, decimals: 6)), ("device", JSONText.string(device)),
                    ("peer", JSONText.string(sample.peer)), ("chip", "\(element.chip)"),
                    ("true_angle_rad", JSONText.number(trueAngle.radians, decimals: 5)),
                    ("pdoa_rad", JSONText.number(measured.radians, decimals: 5)),
                    ("corrected_pdoa_rad", JSONText.number(corrected.radians, decimals: 5)),
                ]) + "\n"
            }
        }
        return lines
    }

    /// The stored calibration `entry` with the offsets found in place of its phase offsets: each
    /// non-reference element's offset goes to the chip whose calibration holds it
    /// (``PhaseSource/calibratedChip(ofElement:)``): its own chip on a multi-chip board, the
    /// chip itself for the second port of a two-port chip (DW3220).
    func storing(in entry: StoredCalibration) -> StoredCalibration {
        var updated = entry
        for element in array.elements.dropFirst() where offsets.indices.contains(element.chip) {
            let chip = array.source.calibratedChip(ofElement: element.chip)
            guard updated.chips.indices.contains(chip) else { continue }
            updated.chips[chip].phaseOffset = offsets[element.chip]
        }
        return updated
    }

    /// What the first column of the offset table numbers: the chips of a multi-chip board, or
    /// the antenna ports of a two-port chip.
    var elementHeading: String {
        switch array.source {
        case .chipCarrierPhases: "chip"
        case .antennaPorts(let chip): "port of chip \(chip)"
        }
    }
}
