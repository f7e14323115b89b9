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
    /// The antenna's phase centre in the device frame (+x right, +y up, −z out of the back); on a
    /// chip with two antenna ports, the first port's antenna.
    public var antennaPosition: Position { antennaPositions.first ?? .origin }
    /// The phase centres of the antennas on each of the chip's ports, first port first: one
    /// position, or two on chips with two ports (DW3x20), whose phase difference the chip
    /// measures itself. ``BoardDescription`` checks that the count matches ``ChipModel/antennaPorts``.
    public var antennaPositions: [Position]
    /// The FT232H pins of the chip's CS, IRQ and RSTn lines.
    public var wiring: ChipWiring
    /// Antenna delays and phase offset.
    public var calibration: ChipCalibration

    /// A chip with the given properties; ``BoardDescription`` checks them.
    public init(
        chipSelect: ChipSelect, model: ChipModel, clock: String, antennaPosition: Position,
        wiring: ChipWiring, calibration: ChipCalibration
    ) {
        self.init(
            chipSelect: chipSelect, model: model, clock: clock, antennaPositions: [antennaPosition],
            wiring: wiring, calibration: calibration)
    }

    /// A chip with an antenna on each of its ports (two for DW3x20 parts); ``BoardDescription``
    /// checks them.
    public init(
        chipSelect: ChipSelect, model: ChipModel, clock: String, antennaPositions: [Position],
        wiring: ChipWiring, calibration: ChipCalibration
    ) {
        self.chipSelect = chipSelect
        self.model = model
        self.clock = clock
        self.antennaPositions = antennaPositions
        self.wiring = wiring
        self.calibration = calibration
    }

    /// How far from the board origin an antenna may be along any axis: 1 m. Catches positions
    /// written in millimetres instead of metres.
    public static let maximumAntennaOffset = Distance(metres: 1)
}
