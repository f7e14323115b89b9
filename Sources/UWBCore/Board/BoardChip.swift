/// One UWB transceiver on a board: how it is addressed and wired, where its antenna is, and how
/// it is calibrated.
public struct BoardChip: Hashable, Sendable {
    /// The chip-select index the driver addresses the chip with.
    public var chipSelect: ChipSelect
    /// The transceiver model.
    public var model: ChipModel
    /// The name of the oscillator the chip runs from. Chips naming the same clock share it, so
    /// their carrier phases can be compared (phase difference of arrival).
    public var clock: String
    /// The antenna's phase centre in the device frame (+x right, +y up, −z out of the back).
    public var antennaPosition: Position
    /// The FT232H pins of the chip's CS, IRQ and RSTn lines.
    public var wiring: ChipWiring
    /// Antenna delays and phase offset.
    public var calibration: ChipCalibration

    /// A chip with the given properties; ``BoardDescription`` checks them.
    public init(
        chipSelect: ChipSelect, model: ChipModel, clock: String, antennaPosition: Position,
        wiring: ChipWiring, calibration: ChipCalibration
    ) {
        self.chipSelect = chipSelect
        self.model = model
        self.clock = clock
        self.antennaPosition = antennaPosition
        self.wiring = wiring
        self.calibration = calibration
    }

    /// How far from the board origin an antenna may be along any axis: 1 m. Catches positions
    /// written in millimetres instead of metres.
    public static let maximumAntennaOffset = Distance(metres: 1)
}
