import DW3000Driver
import UWBCore

/// The one-time-programmable memory of a virtual DW3000: what a factory-calibrated part holds
/// (DW3000 User Manual §7.3, OTP memory map; word addresses as the Qorvo API reads them). The
/// values are plausible rather than a particular part's [U]: LDO tune words and a bias tune
/// programmed together, as the API expects, and the crystal trim of the chip's hardware.
enum DW3000OneTimeMemory {
    /// LDO_TUNE_LO (0x04) and LDO_TUNE_HI (0x05) [U: representative non-zero values].
    static let ldoTuneLow: UInt32 = 0x8888_8888
    static let ldoTuneHigh: UInt32 = 0x0000_8888
    /// The part ID (0x06) and the lot ID (0x0D, 0x0E) [U: representative].
    static let partID: UInt32 = 0x0000_3000
    static let lotIDLow: UInt32 = 0x1234_5678
    static let lotIDHigh: UInt32 = 0x0000_0001
    /// BIAS_TUNE (0x0A): the 5-bit bias in bits 20:16 [U: a mid-range value].
    static let biasTune: UInt32 = 0x0011_0000

    /// The word at `address`: the EUI in 0x00–0x01, the calibration words above, the crystal trim
    /// in 0x1E (bits 5:0), zero elsewhere.
    static func word(_ address: Int, hardware: ChipHardware) -> UInt32 {
        typealias Address = OTPCalibration.Address
        switch UInt16(truncatingIfNeeded: address) {
        case 0x00: return UInt32(truncatingIfNeeded: hardware.extendedUniqueIdentifier)
        case 0x01: return UInt32(truncatingIfNeeded: hardware.extendedUniqueIdentifier >> 32)
        case Address.ldoTuneLow: return ldoTuneLow
        case Address.ldoTuneHigh: return ldoTuneHigh
        case Address.partID: return partID
        case Address.biasTune: return biasTune
        case Address.lotIDLow: return lotIDLow
        case Address.lotIDHigh: return lotIDHigh
        case Address.crystalTrim: return UInt32(hardware.crystalTrim & 0x3F)
        default: return 0
        }
    }
}
