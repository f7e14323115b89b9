/// What a calibration store holds for one chip of a board: the values a calibration measured.
/// A value left out keeps the board description's.
public struct StoredChipCalibration: Hashable, Sendable {
    /// The TX antenna delay to write to TX_ANTD instead of the board description's.
    public var txAntennaDelay: DeviceDuration?
    /// The RX antenna delay to write to LDE_RXANTD instead of the board description's.
    public var rxAntennaDelay: DeviceDuration?
    /// The carrier phase offset to use instead of the board description's.
    public var phaseOffset: Angle?

    /// A chip's stored values; nil keeps the board description's.
    public init(txAntennaDelay: DeviceDuration? = nil, rxAntennaDelay: DeviceDuration? = nil, phaseOffset: Angle? = nil) {
        self.txAntennaDelay = txAntennaDelay
        self.rxAntennaDelay = rxAntennaDelay
        self.phaseOffset = phaseOffset
    }

    /// `calibration` with the stored values in place of its own.
    public func applied(to calibration: ChipCalibration) -> ChipCalibration {
        ChipCalibration(
            txAntennaDelay: txAntennaDelay ?? calibration.txAntennaDelay,
            rxAntennaDelay: rxAntennaDelay ?? calibration.rxAntennaDelay,
            phaseOffset: phaseOffset ?? calibration.phaseOffset)
    }
}
