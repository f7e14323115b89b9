import UWBCore

/// The values the DW3000 needs per channel (the Qorvo DW3000 API `dw3000_deca_vals.h`, which
/// follows the user manual's channel tables; UM §8.2.9–8.2.11 and §8.2.5).
struct DW3000ChannelTuning: Hashable, Sendable {
    /// CHAN_CTRL.RF_CHAN: 0 for channel 5, 1 for channel 9.
    let channelBit: UInt64
    /// RF_TX_CTRL_2, the transmitter's analog tuning; its low six bits are the pulse generator
    /// delay 0x34 (the pulse shape).
    let transmitterControl: UInt64
    /// PLL_CFG.
    let pllConfiguration: UInt64
    /// DGC_LUT_0 … DGC_LUT_6 (64 MHz PRF).
    let gainTable: [UInt64]
    /// TX_POWER: the gain of the data, PHR, SHR and STS parts (Decawave's examples: 0xFDFDFDFD on
    /// channel 5, 0xFEFEFEFE on channel 9).
    let transmitPower: UInt64

    /// The tuning of channel 5 or 9; `nil` for a channel the DW3000 does not have.
    init?(_ channel: Channel) {
        switch channel {
        case .five:
            channelBit = 0
            transmitterControl = 0x1C07_1134
            pllConfiguration = 0x1F3C
            gainTable = [0x1_C0FD, 0x1_C43E, 0x1_C6BE, 0x1_C77E, 0x1_CF36, 0x1_CFB5, 0x1_CFF5]
            transmitPower = 0xFDFD_FDFD
        case .nine:
            channelBit = 1
            transmitterControl = 0x1C01_0034
            pllConfiguration = 0x0F3C
            gainTable = [0x2_A8FE, 0x2_AC36, 0x2_A5FE, 0x2_AF3E, 0x2_AF7D, 0x2_AFB5, 0x2_AFB5]
            transmitPower = 0xFEFE_FEFE
        default:
            return nil
        }
    }

    /// The DGC look-up table registers, in order.
    static let gainTableRegisters: [DW3000Register] = [.dgcLut0, .dgcLut1, .dgcLut2, .dgcLut3, .dgcLut4, .dgcLut5, .dgcLut6]
}
