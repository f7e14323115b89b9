import UWBCore

/// The physical facts of one emulated chip that its registers do not hold: how long its analog
/// paths really delay the RMARKER, the phase its receiver adds, and its one-time-programmable memory.
public struct ChipHardware: Hashable, Sendable {
    /// The real delay from the digital TX timestamp to the RMARKER leaving the antenna.
    public var transmitAntennaDelay: DeviceDuration
    /// The real delay from the RMARKER at the antenna to the chip's digital RX timestamp.
    public var receiveAntennaDelay: DeviceDuration
    /// The carrier phase this chip's receive path adds, unknown until calibrated; on a board with
    /// several chips on one clock, the differences between these are what PDoA calibration removes.
    public var phaseOffset: Angle
    /// The 64-bit extended unique identifier (OTP words 0x000–0x001).
    public var extendedUniqueIdentifier: UInt64
    /// The crystal trim programmed in OTP word 0x01E bits 4:0 (0 = not programmed).
    public var crystalTrim: UInt8
    /// The TX power at the antenna connector.
    public var transmitPower: PowerLevel
    /// What the carrier phase offset does at each reset.
    public var phaseAtReset: PhaseAtReset

    /// A chip's hardware facts.
    public init(
        transmitAntennaDelay: DeviceDuration,
        receiveAntennaDelay: DeviceDuration,
        phaseOffset: Angle,
        extendedUniqueIdentifier: UInt64,
        crystalTrim: UInt8 = 0x10,
        transmitPower: PowerLevel = LinkBudget.defaultTransmitLevel,
        phaseAtReset: PhaseAtReset = .fixed
    ) {
        self.transmitAntennaDelay = transmitAntennaDelay
        self.receiveAntennaDelay = receiveAntennaDelay
        self.phaseOffset = phaseOffset
        self.extendedUniqueIdentifier = extendedUniqueIdentifier
        self.crystalTrim = crystalTrim
        self.transmitPower = transmitPower
        self.phaseAtReset = phaseAtReset
    }

    /// The OTP word at `address` (UM §6.3.1): EUI in 0x000–0x001, crystal trim in 0x01E, zero elsewhere.
    func otpWord(_ address: Int) -> UInt32 {
        switch address {
        case 0x000: UInt32(truncatingIfNeeded: extendedUniqueIdentifier)
        case 0x001: UInt32(truncatingIfNeeded: extendedUniqueIdentifier >> 32)
        case 0x01E: UInt32(crystalTrim & 0x1F)
        default: 0
        }
    }
}
