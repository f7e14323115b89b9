import UWBCore

/// One antenna of a phase-coherent array: which chip receives through it, where it is, and the chip's
/// calibrated carrier-phase offset.
public struct AntennaElement: Hashable, Sendable {
    /// The chip's index in the board's chip list, which is also its index in per-chip phase arrays.
    public var chip: Int
    /// The antenna's phase centre in the device frame, in metres (+x right, +y up, −z out of the back).
    public var position: Vector3
    /// The chip's carrier-phase offset (``ChipCalibration/phaseOffset``), subtracted from its phase.
    public var phaseOffset: Angle

    /// An element with the given chip index, position and offset.
    public init(chip: Int, position: Vector3, phaseOffset: Angle) {
        self.chip = chip
        self.position = position
        self.phaseOffset = phaseOffset
    }
}
