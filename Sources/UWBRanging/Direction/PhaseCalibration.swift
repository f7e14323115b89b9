import Foundation
import UWBCore

/// Estimates each chip's carrier-phase offset from receptions of a peer at a known direction.
///
/// For every reception and every non-reference element, the measured phase difference minus the ideal
/// 2π(b·u)/λ is one sample of the element's offset; the estimate is the circular mean of the samples,
/// atan2(Σ sin, Σ cos), which is immune to samples straddling ±π.
public enum PhaseCalibration {
    /// Per-chip phase offsets, indexed like the board's chips (one entry per chip up to the highest chip
    /// index of `array`): zero for the reference chip and for chips outside the array.
    ///
    /// - Parameters:
    ///   - measuredPhases: one row per reception, each indexed like the board's chips
    ///     (``ReceptionDiagnostics/firstPathPhase`` of every chip).
    ///   - trueDirection: the direction toward the peer in the device frame (normalised here).
    ///   - array: the array whose elements' positions and wavelength give the ideal phases; its current
    ///     offsets are ignored.
    /// - Throws: ``DirectionError/noCalibrationMeasurements``, ``DirectionError/invalidDirection(_:)``,
    ///   ``DirectionError/missingPhase(chip:)`` or ``DirectionError/invalidPhase(chip:)``.
    public static func offsets(measuredPhases: [[Angle]], trueDirection: Vector3, array: AntennaArray) throws(DirectionError) -> [Angle] {
        guard !measuredPhases.isEmpty else { throw .noCalibrationMeasurements }
        let length = trueDirection.length
        guard length.isFinite, length > 0 else { throw .invalidDirection(trueDirection) }
        let ideal = array.idealPhaseDifferences(toward: trueDirection * (1 / length))
        let reference = array.elements[0].chip
        var sines = [Double](repeating: 0, count: ideal.count)
        var cosines = [Double](repeating: 0, count: ideal.count)
        for row in measuredPhases {
            let referencePhase = try phase(of: reference, in: row)
            for (index, element) in array.elements.dropFirst().enumerated() {
                let sample = try phase(of: element.chip, in: row) - referencePhase - ideal[index]
                sines[index] += sin(sample.radians)
                cosines[index] += cos(sample.radians)
            }
        }
        let chipCount = (array.elements.map(\.chip).max() ?? 0) + 1
        var offsets = [Angle](repeating: .zero, count: chipCount)
        for (index, element) in array.elements.dropFirst().enumerated() {
            offsets[element.chip] = Angle(radians: atan2(sines[index], cosines[index]))
        }
        return offsets
    }

    /// Chip `chip`'s phase in `row`, if present and finite.
    private static func phase(of chip: Int, in row: [Angle]) throws(DirectionError) -> Angle {
        guard row.indices.contains(chip) else { throw .missingPhase(chip: chip) }
        guard row[chip].radians.isFinite else { throw .invalidPhase(chip: chip) }
        return row[chip]
    }
}
