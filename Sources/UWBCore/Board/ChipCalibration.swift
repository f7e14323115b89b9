/// The per-chip corrections a board needs before its measurements are accurate.
public struct ChipCalibration: Hashable, Sendable {
    /// The TX antenna delay written to TX_ANTD (register 0x18, 16 bits, in device ticks).
    public var txAntennaDelay: DeviceDuration
    /// The RX antenna delay written to LDE_RXANTD (sub-register 0x2E:1804, 16 bits, in device ticks).
    public var rxAntennaDelay: DeviceDuration
    /// The carrier phase offset of this chip relative to the reference chip on its clock,
    /// subtracted from each phase difference before the angle is computed. It is zero for the
    /// reference chip (the first chip listed on each clock) and within −π...π for the others.
    /// On a chip with two antenna ports (DW3x20) it is the offset of its second port relative to
    /// its first, subtracted from the phase difference the chip measures, within −π...π.
    public var phaseOffset: Angle

    /// A calibration with the given antenna delays and phase offset; ``BoardDescription`` checks them.
    public init(txAntennaDelay: DeviceDuration, rxAntennaDelay: DeviceDuration, phaseOffset: Angle) {
        self.txAntennaDelay = txAntennaDelay
        self.rxAntennaDelay = rxAntennaDelay
        self.phaseOffset = phaseOffset
    }

    /// The largest value the 16-bit antenna-delay registers hold.
    public static let maximumAntennaDelay = DeviceDuration(ticks: 0xFFFF)
}
