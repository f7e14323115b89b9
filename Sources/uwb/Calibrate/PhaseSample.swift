import Foundation
import UWBCore
import UWBRanging

/// One measurement a PDoA calibration collected: when, of which peer, the phase differences the
/// chips measured and the direction the peer truly was in.
struct PhaseSample {
    /// Seconds since the start (the emulator's virtual time, or the radio's clock).
    let time: Double
    /// The peer's name.
    let peer: String
    /// The calibration sample: measured differences and true direction.
    let sample: PhaseCalibration.Sample

    /// The true horizontal angle, as the array measures it: atan2(x, −z) for a flat array that
    /// gives the full direction, asin(x) for a line along x (the component along its axis).
    func trueAngle(on array: AntennaArray) -> Angle {
        let direction = sample.trueDirection * (1 / sample.trueDirection.length)
        return array.measuresFullDirection
            ? Angle(radians: atan2(direction.x, -direction.z))
            : Angle(radians: asin(min(max(direction.x, -1), 1)))
    }

    /// The horizontal angle `array` (with its offsets) makes of the measured differences, if any.
    func measuredAngle(on array: AntennaArray) -> Angle? {
        try? array.direction(phaseDifferences: sample.phaseDifferences).horizontalAngle
    }
}
