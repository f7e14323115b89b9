import DW1000Driver
import UWBCore

/// Everything needed to place one device in an emulation.
public struct DeviceSetup: Sendable {
    /// The device's name, unique in the run.
    public var name: String
    /// Its board.
    public var board: BoardDescription
    /// The true hardware facts of each chip, in chip-select order; missing entries take the
    /// board's calibration as truth and a phase offset of zero.
    public var hardware: [ChipHardware]
    /// Its oscillator's initial offset from nominal.
    public var clockOffset: ClockOffset
    /// Its oscillator's random-walk intensity, in ppm per √second.
    public var clockDrift: Double
    /// Sudden steps of its oscillator's frequency: at whole second k the offset jumps to the value
    /// given for k (``Oscillator/jumps``).
    public var clockSteps: [Int: ClockOffset]
    /// Where it is over time.
    public var trajectory: Trajectory
    /// Which way it faces.
    public var orientation: Orientation
    /// Its radio configuration, if not the emulation's (``Emulation/configuration``): a device on
    /// another channel of the same room, say. A device given one is fitted for its channel's band (a
    /// band-pass filter at its antennas): it neither hears nor reaches a device fitted for a band that
    /// does not overlap, whatever their software tunes to; a world split into parts by such bands runs
    /// its parts without waiting for each other (decision 0030, amendment "session 65").
    public var configuration: RadioConfig?

    /// A device setup; hardware defaults to the board's calibration, the radio configuration to
    /// the emulation's.
    public init(
        name: String, board: BoardDescription, hardware: [ChipHardware]? = nil, clockOffset: ClockOffset = .zero,
        clockDrift: Double = 0, clockSteps: [Int: ClockOffset] = [:], trajectory: Trajectory,
        orientation: Orientation = .identity, configuration: RadioConfig? = nil
    ) {
        self.configuration = configuration
        self.clockSteps = clockSteps
        self.name = name
        self.board = board
        self.hardware = hardware ?? board.chips.enumerated().map { index, chip in
            ChipHardware(
                transmitAntennaDelay: chip.calibration.txAntennaDelay,
                receiveAntennaDelay: chip.calibration.rxAntennaDelay,
                phaseOffset: chip.calibration.phaseOffset,
                extendedUniqueIdentifier: 0xDECA_0000_0000_0000 | UInt64(index))
        }
        self.clockOffset = clockOffset
        self.clockDrift = clockDrift
        self.trajectory = trajectory
        self.orientation = orientation
    }
}
