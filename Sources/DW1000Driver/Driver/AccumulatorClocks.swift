import UWBCore

/// The clock settings around a host read of the accumulator (ACC_MEM), from the first two octets
/// of PMSC_CTRL0 as they were before it.
///
/// The user manual asks for FACE (bit 6) and AMCE (bit 15) to be set while the host reads the
/// accumulator and cleared in normal operation, and for the receive clock to be present
/// (RXCLKS, UM §7.2.50.1). Decawave's driver does exactly this around `dwt_readaccdata`
/// (`_dwt_enableclocks(READ_ACC_ON)`, then `READ_ACC_OFF`): octet 0 gets FACE and RXCLKS = 10
/// (forced on, from the 125 MHz PLL), octet 1 gets AMCE, each in its own write, octet 0 first
/// ("need to write lower byte separately before setting the higher byte(s)"); afterwards FACE
/// and AMCE are cleared and RXCLKS is back to 00 (automatic), the other bits left as they were.
/// `Docs/reference/dw1000-registers.md` lists the resulting octets.
struct AccumulatorClocks: Hashable, Sendable {
    /// RXCLKS = 10: "force RX clock enable and sourced from the 125 MHz PLL clock" (UM §7.2.50.1).
    static let receiveClockFromPLL: UInt64 = 0b10

    /// The bits of octet 0 the read changes: FACE and RXCLKS (0x4C); the others (0xB3) are kept.
    private static let changedLowBits = UInt8(DW1000Register.PmscCtrl0.face.mask | DW1000Register.PmscCtrl0.rxclks.mask)

    /// AMCE, as a bit of octet 1 (0x80).
    private static let memoryClockBit = UInt8(DW1000Register.PmscCtrl0.amce.mask >> 8)

    /// PMSC_CTRL0 octet 0 before the read.
    let savedLow: UInt8

    /// PMSC_CTRL0 octet 1 before the read.
    let savedHigh: UInt8

    /// The settings for PMSC_CTRL0 whose first two octets read `value` (low octet first).
    init(pmscCtrl0 value: UInt64) {
        savedLow = UInt8(truncatingIfNeeded: value)
        savedHigh = UInt8(truncatingIfNeeded: value >> 8)
    }

    /// Octet 0 during the read: FACE set, RXCLKS = 10, the rest kept (0x48 | old & 0xB3).
    var readingLow: UInt8 {
        savedLow & ~Self.changedLowBits
            | UInt8(DW1000Register.PmscCtrl0.face.placing(1) | DW1000Register.PmscCtrl0.rxclks.placing(Self.receiveClockFromPLL))
    }

    /// Octet 1 during the read: AMCE set (old | 0x80).
    var readingHigh: UInt8 { savedHigh | Self.memoryClockBit }

    /// Octet 0 afterwards: FACE clear, RXCLKS automatic (old & 0xB3).
    var restoredLow: UInt8 { savedLow & ~Self.changedLowBits }

    /// Octet 1 afterwards: AMCE clear (old & 0x7F).
    var restoredHigh: UInt8 { savedHigh & ~Self.memoryClockBit }

    /// The two writes that turn the accumulator clocks on, octet 0 first, one octet each.
    var enabling: [RegisterWrite] {
        [RegisterWrite(.pmscCtrl0, octets: [readingLow]), RegisterWrite(.pmscCtrl0, octets: [readingHigh], offset: 1)]
    }

    /// The two writes that hand the clocks back to the chip, octet 0 first, one octet each.
    var restoring: [RegisterWrite] {
        [RegisterWrite(.pmscCtrl0, octets: [restoredLow]), RegisterWrite(.pmscCtrl0, octets: [restoredHigh], offset: 1)]
    }
}
