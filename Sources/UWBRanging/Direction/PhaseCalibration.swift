import Foundation
import UWBCore

/// Estimates each chip's carrier-phase offset from receptions of a peer at known directions.
///
/// For every reception and every non-reference element, the measured phase difference minus the ideal
/// 2π(b·u)/λ is one sample of the element's offset; the estimate is the circular mean of the samples,
/// atan2(Σ sin, Σ cos), which is immune to samples straddling ±π. The peer may stand still at one
/// known direction or move along a known path (a sweep): each sample has its own direction.
public enum PhaseCalibration {
    /// One reception for calibration: what the chips measured and where the peer truly was.
    public struct Sample: Hashable, Sendable {
        /// The measured phase difference of each non-reference element
        /// (``AntennaArray/phaseDifferences(phases:)``).
        public var phaseDifferences: [Angle]
        /// The direction toward the peer in the device frame (normalised when used).
        public var trueDirection: Vector3

        /// A sample with the given values.
        public init(phaseDifferences: [Angle], trueDirection: Vector3) {
            self.phaseDifferences = phaseDifferences
            self.trueDirection = trueDirection
        }
    }

    /// Per-chip phase offsets, indexed like the board's chips (one entry per chip up to the highest chip
    /// index of `array`): zero for the reference chip and for chips outside the array.
    ///
    /// - Parameter array: the array whose elements' positions and wavelength give the ideal phases; its
    ///   current offsets are ignored.
    /// - Throws: ``DirectionError/noCalibrationMeasurements``, ``DirectionError/invalidDirection(_:)``,
    ///   ``DirectionError/missingPhase(chip:)`` or ``DirectionError/invalidPhase(chip:)``.
    public static func offsets(samples: [Sample], array: AntennaArray) throws(DirectionError) -> [Angle] {
        guard !samples.isEmpty else { throw .noCalibrationMeasurements }
        let others = Array(array.elements.dropFirst())
        var sines = [Double](repeating: 0, count: others.count)
        var cosines = [Double](repeating: 0, count: others.count)
        for sample in samples {
            let length = sample.trueDirection.length
            guard length.isFinite, length > 0 else { throw .invalidDirection(sample.trueDirection) }
            let ideal = array.idealPhaseDifferences(toward: sample.trueDirection * (1 / length))
            for (index, element) in others.enumerated() {
                guard sample.phaseDifferences.indices.contains(index) else { throw .missingPhase(chip: element.chip) }
                guard sample.phaseDifferences[index].radians.isFinite else { throw .invalidPhase(chip: element.chip) }
                let offset = sample.phaseDifferences[index] - ideal[index]
                sines[index] += sin(offset.radians)
                cosines[index] += cos(offset.radians)
            }
        }
        let chipCount = (array.elements.map(\.chip).max() ?? 0) + 1
        var offsets = [Angle](repeating: .zero, count: chipCount)
        for (index, element) in others.enumerated() {
            offsets[element.chip] = Angle(radians: atan2(sines[index], cosines[index]))
        }
        return offsets
    }

    /// Per-chip phase offsets from receptions of a peer at one known direction, each row holding
    /// every chip's first-path phase (``ReceptionDiagnostics/firstPathPhase``, indexed like the board's
    /// chips); see ``offsets(samples:array:)``.
    ///
    /// - Throws: as ``offsets(samples:array:)``.
    public static func offsets(measuredPhases: [[Angle]], trueDirection: Vector3, array: AntennaArray) throws(DirectionError) -> [Angle] {
        var samples: [Sample] = []
        for row in measuredPhases {
            samples.append(Sample(phaseDifferences: try array.phaseDifferences(phases: row), trueDirection: trueDirection))
        }
        return try offsets(samples: samples, array: array)
    }
}
