import UWBCore

/// The analog settings the DW1000 User Manual prescribes for each channel
/// (UM §2.5.5 and Tables 19, 20, 35, 36, 38, 41, 42; the same values as Decawave's driver).
struct ChannelTuning: Hashable, Sendable {
    /// RF_TXCTRL (0x28:0C).
    let transmitterControl: UInt64
    /// TC_PGDELAY (0x2A:0B), the pulse generator delay.
    let pulseGeneratorDelay: UInt64
    /// FS_PLLCFG (0x2B:07).
    let pllConfiguration: UInt64
    /// FS_PLLTUNE (0x2B:0B).
    let pllTuning: UInt64
    /// RF_RXCTRLH (0x28:0B).
    let receiverControl: UInt64
    /// TX_POWER (0x1E) with smart TX power at 16 MHz PRF.
    let smartPowerAt16: UInt64
    /// TX_POWER (0x1E) with smart TX power at 64 MHz PRF.
    let smartPowerAt64: UInt64

    /// The settings for a channel, or `nil` for channel 9, which the DW1000 does not have.
    static func forChannel(_ channel: Channel) -> ChannelTuning? {
        switch channel {
        case .one: ChannelTuning(transmitterControl: 0x0000_5C40, pulseGeneratorDelay: 0xC9, pllConfiguration: 0x0900_0407,
                                 pllTuning: 0x1E, receiverControl: 0xD8, smartPowerAt16: 0x1535_5575, smartPowerAt64: 0x0727_4767)
        case .two: ChannelTuning(transmitterControl: 0x0004_5CA0, pulseGeneratorDelay: 0xC2, pllConfiguration: 0x0840_0508,
                                 pllTuning: 0x26, receiverControl: 0xD8, smartPowerAt16: 0x1535_5575, smartPowerAt64: 0x0727_4767)
        case .three: ChannelTuning(transmitterControl: 0x0008_6CC0, pulseGeneratorDelay: 0xC5, pllConfiguration: 0x0840_1009,
                                   pllTuning: 0x56, receiverControl: 0xD8, smartPowerAt16: 0x0F2F_4F6F, smartPowerAt64: 0x2B4B_6B8B)
        case .four: ChannelTuning(transmitterControl: 0x0004_5C80, pulseGeneratorDelay: 0x95, pllConfiguration: 0x0840_0508,
                                  pllTuning: 0x26, receiverControl: 0xBC, smartPowerAt16: 0x1F1F_3F5F, smartPowerAt64: 0x3A5A_7A9A)
        case .five: ChannelTuning(transmitterControl: 0x001E_3FE0, pulseGeneratorDelay: 0xC0, pllConfiguration: 0x0800_041D,
                                  pllTuning: 0xBE, receiverControl: 0xD8, smartPowerAt16: 0x0E08_2848, smartPowerAt64: 0x2545_6585)
        case .seven: ChannelTuning(transmitterControl: 0x001E_7DE0, pulseGeneratorDelay: 0x93, pllConfiguration: 0x0800_041D,
                                   pllTuning: 0xBE, receiverControl: 0xBC, smartPowerAt16: 0x3252_7292, smartPowerAt64: 0x5171_B1D1)
        case .nine: nil
        }
    }

    /// TX_POWER for a PRF, with smart TX power on (the reset default, SYS_CFG.DIS_STXP = 0).
    func transmitPower(_ prf: PulseRepetitionFrequency) -> UInt64 {
        prf == .sixteenMegahertz ? smartPowerAt16 : smartPowerAt64
    }
}
