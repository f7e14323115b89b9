import UWBCore

/// Fixed numbers of the DW1000 that the driver needs, each with its source.
enum DW1000Constants {
    /// DEV_ID of a DW1000: RIDTAG 0xDECA, MODEL 0x01, VER 3, REV 0 (User Manual §7.2.2).
    static let deviceID: UInt32 = 0xDECA_0130

    /// Delayed TX/RX times ignore the low 9 bits of DX_TIME: a 512-tick (8.0128 ns) grid (UM §3.3).
    static let delayedTimeGranularity = DeviceDuration(ticks: 512)

    /// RX_FWTO and W4R_TIM count in 512 cycles of 499.2 MHz = 65536 ticks ≈ 1.0256 µs (UM §7.2.14, §7.2.40).
    static let timeoutUnit = DeviceDuration(ticks: 65_536)

    /// The largest RX_FWTO value (16 bits).
    static let maximumFrameWaitUnits: Int64 = 0xFFFF

    /// The largest W4R_TIM value (20 bits, ACK_RESP_T bits 19:0).
    static let maximumResponseDelayUnits: Int64 = 0xF_FFFF

    /// TX_ANTD and LDE_RXANTD are 16-bit registers counted in device ticks (UM §7.2.41, §7.2.47).
    static let maximumAntennaDelayTicks: Int64 = 0xFFFF

    /// The longest frame with the standard PHR, FCS included (IEEE 802.15.4-2011 aMaxPHYPacketSize).
    static let maximumFrameLength = 127

    /// ACC_MEM holds one complex sample in 4 octets: real then imaginary, each a signed 16-bit
    /// integer, low octet first (UM §7.2.38).
    static let accumulatorOctetsPerSample = 4

    /// A read of ACC_MEM returns one dummy octet before the data, whatever sub-index it starts at
    /// (UM §7.2.38, "NB").
    static let accumulatorDummyOctets = 1

    /// The accumulator's taps are "half a period of the 499.2 MHz fundamental" apart: 1/998.4 MHz
    /// = 64 device ticks ≈ 1.0016 ns (UM §7.2.38).
    static let accumulatorSampleSpacing = DeviceDuration(ticks: 64)

    /// The accumulator spans one preamble symbol, two taps per chip: 992 taps at 16 MHz PRF, 1016
    /// at 64 MHz (UM §7.2.38 and Table 58).
    static func accumulatorSamples(_ prf: PulseRepetitionFrequency) -> Int {
        switch prf {
        case .sixteenMegahertz: 992
        case .sixtyFourMegahertz: 1016
        }
    }

    /// The constant A of the power formulas: 113.77 dB at 16 MHz PRF, 121.74 dB at 64 MHz (UM §4.7.1–4.7.2).
    static func powerCorrection(_ prf: PulseRepetitionFrequency) -> Double {
        switch prf {
        case .sixteenMegahertz: 113.77
        case .sixtyFourMegahertz: 121.74
        }
    }

    /// Hz per carrier-integrator LSB: 998.4 MHz / 2 / 1024 / 131072, or / 8192 instead of / 1024 at
    /// 110 kbps (Decawave `dw1000_read_carrier_integrator`, `Docs/reference/uwb-physics.md` §1.4).
    static func carrierIntegratorHertzPerUnit(_ rate: DataRate) -> Double {
        let divider: Double = rate == .kbps110 ? 8192 : 1024
        return 998.4e6 / 2 / divider / 131_072
    }

    /// Reads of a bit the chip changes by itself (OTP_CTRL.LDELOAD clears, SYS_STATUS.CPLOCK sets)
    /// before the driver gives up on it: far more than the chip needs
    /// (LDE load 150 µs, PLL lock 5 µs; each read takes at least a few µs at 3 MHz SPI).
    static let pollLimit = 1000
}
