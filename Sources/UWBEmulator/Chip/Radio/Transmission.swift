import UWBCore

/// A frame a virtual chip puts on the air.
///
/// A class rather than a struct: every receiver's ``Arrival`` of the frame holds it, and a reference costs
/// one retain where a copy of the values costs one per array they hold and a copy of the configuration.
public final class Transmission: Sendable {
    /// The frame as sent, FCS included.
    public let frame: [UInt8]
    /// The radio configuration the chip's registers select, or nil if they select none that a
    /// receiver could decode.
    public let configuration: RadioConfig?
    /// When the preamble leaves the antenna.
    public let start: SimulationTime
    /// When the RMARKER leaves the antenna: the instant both TX and RX timestamps refer to.
    public let rmarker: SimulationTime
    /// When the last bit leaves the antenna.
    public let end: SimulationTime
    /// The level at the antenna connector.
    public let power: PowerLevel
    /// The transmitting chip's clock offset from nominal.
    public let clockOffset: ClockOffset
    /// The ranging bit the PHR carries (TX_FCTRL.TR), reported to receivers in RX_FINFO.RNG.
    public let rangingBit: Bool
    /// The scrambled timestamp sequence the frame carries, if any (DW3000 family only).
    public let secureTimestamp: TransmittedSecureTimestamp?

    /// A transmission with the given values.
    public init(
        frame: [UInt8], configuration: RadioConfig?, start: SimulationTime, rmarker: SimulationTime, end: SimulationTime,
        power: PowerLevel, clockOffset: ClockOffset, rangingBit: Bool, secureTimestamp: TransmittedSecureTimestamp? = nil
    ) {
        self.frame = frame
        self.configuration = configuration
        self.start = start
        self.rmarker = rmarker
        self.end = end
        self.power = power
        self.clockOffset = clockOffset
        self.rangingBit = rangingBit
        self.secureTimestamp = secureTimestamp
    }
}
