import UWBCore

/// Why an antenna array cannot be built or cannot turn phases into a direction.
public enum DirectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than two phase-coherent antennas: no phase difference to measure.
    case notEnoughAntennas(Int)
    /// The wavelength is not positive and finite.
    case invalidWavelength(Distance)
    /// A chip index is negative or appears twice in one array.
    case invalidChipIndex(Int)
    /// A chip's antenna sits on the reference antenna: the baseline has no length.
    case coincidentAntennas(chip: Int)
    /// A baseline is longer than half a wavelength, so its phase difference wraps inside the hemisphere.
    case ambiguousBaseline(chip: Int, length: Distance, halfWavelength: Distance)
    /// A non-collinear array has a baseline leaving the device's x–y plane; the solver assumes a flat array.
    case antennaOutOfPlane(chip: Int, z: Distance)
    /// No phase was given for a chip the array needs.
    case missingPhase(chip: Int)
    /// A chip's phase is not finite.
    case invalidPhase(chip: Int)
    /// A direction (for calibration) is zero or not finite.
    case invalidDirection(Vector3)
    /// Calibration was given no measurements.
    case noCalibrationMeasurements
    /// Phase offsets were given for fewer chips than the array uses.
    case missingOffset(chip: Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notEnoughAntennas(let count):
            "\(count) phase-coherent antenna(s); angle of arrival needs at least two chips on one clock or a two-port chip (DW3120, DW3220) — use distance only on this board"
        case .invalidWavelength(let wavelength):
            "wavelength \(wavelength) must be positive and finite; take it from Channel.centreFrequency.wavelength"
        case .invalidChipIndex(let chip):
            "chip index \(chip) is negative or used twice; give each element its own index in the board's chip list"
        case .coincidentAntennas(let chip):
            "chip \(chip)'s antenna is at the reference antenna's position; fix the antenna positions in the board description"
        case .ambiguousBaseline(let chip, let length, let half):
            "chip \(chip) is \(length) from the reference antenna, more than half a wavelength (\(half)); its phase "
                + "wraps inside the field of view — use a channel with a longer wavelength or closer antennas"
        case .antennaOutOfPlane(let chip, let z):
            "chip \(chip)'s baseline has z = \(z); a planar array must lie in the device's x-y plane"
        case .missingPhase(let chip):
            "no phase for array element \(chip); every chip of the coherent group must report ReceptionDiagnostics.firstPathPhase (a two-port chip its phaseDifference) — drop this reception"
        case .invalidPhase(let chip):
            "chip \(chip)'s phase is not finite; drop this reception"
        case .invalidDirection(let vector):
            "direction \(vector) is zero or not finite; give the calibration direction as a non-zero vector"
        case .noCalibrationMeasurements:
            "phase calibration needs at least one set of measured phases"
        case .missingOffset(let chip):
            "no phase offset given for chip \(chip); give one offset per chip, indexed like the board's chips"
        }
    }
}
