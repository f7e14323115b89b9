import UWBCore

/// Fixed numbers of the DW3000 that the driver relies on, each with its source (the facts, in
/// the project's words, are in `Docs/reference/dw3000-registers.md`).
public enum DW3000Constants {
    /// DEV_ID of a DW3000 without PDoA (DW3110, DW3210): RIDTAG 0xDECA, MODEL 0x03, VER 0
    /// (DW3000 User Manual §8.2.2.1; Qorvo API `DWT_DW3000_DEV_ID`).
    public static let deviceID: UInt32 = 0xDECA_0302

    /// DEV_ID of a DW3000 with PDoA (DW3120, DW3220): VER 1 (UM §8.2.2.1; Qorvo API
    /// `DWT_DW3000_PDOA_DEV_ID`).
    public static let phaseDifferenceDeviceID: UInt32 = 0xDECA_0312

    /// Each DW3000 DEV_ID, with whether the part has two antenna ports for PDoA.
    public static let deviceIDs: [UInt32: Bool] = [deviceID: false, phaseDifferenceDeviceID: true]

    /// DEV_ID of a DW1000, which answers the same first octet on the bus (DW1000 User Manual §7.2.2).
    public static let dw1000DeviceID: UInt32 = 0xDECA_0130

    /// DX_TIME holds bits 39:8 of the time and ignores its own bit 0: a 512-tick grid (UM §8.2.2.11;
    /// Qorvo API `dwt_setdelayedtrxtime`, "bit 0 of this register is ignored").
    public static let delayedTimeGranularity = DeviceDuration(ticks: 512)

    /// RX_FWTO and W4R_TIM count in 512 cycles of 499.2 MHz ≈ 1.0256 µs = 65536 ticks (UM §8.2.2.12).
    public static let timeoutUnit = DeviceDuration(ticks: 65_536)

    /// The largest RX_FWTO value: 20 bits (UM §8.2.2.12).
    public static let maximumFrameWaitUnits: Int64 = 0xF_FFFF

    /// The largest W4R_TIM value: 20 bits (UM §8.2.3.3).
    public static let maximumResponseDelayUnits: Int64 = 0xF_FFFF

    /// TX_ANTD and CIA_CONF.RXANTD are 16 bits of device ticks (UM §8.2.3.2, §8.2.16.1).
    public static let maximumAntennaDelayTicks: Int64 = 0xFFFF

    /// The longest frame with the standard PHR, FCS included.
    public static let maximumFrameLength = 127

    /// Reads of a bit the chip sets by itself (SYS_STATUS.RCINIT and SPIRDY after a reset,
    /// SYS_STATUS.CPLOCK, RX_CAL_STS) before the driver gives up: the chip needs at most about
    /// 1.5 ms after a reset and under 1 ms for the PLL (Qorvo API `ull_softreset`,
    /// `MAX_RETRIES_FOR_PLL`), and each read takes a few µs at the slow SPI clock.
    public static let pollLimit = 1000

    /// The value RX_CAL_RESI/RESQ hold when the PGF calibration failed (Qorvo API `ERR_RX_CAL_FAIL`).
    public static let failedCalibrationResult: UInt64 = 0x1FFF_FFFF

    /// The constant A of the power formulas: 113.8 dB at 16 MHz PRF, 121.7 dB at 64 MHz (UM §4.7.1–4.7.2;
    /// Qorvo API `deca_rsl.c`).
    public static func powerCorrection(_ prf: PulseRepetitionFrequency) -> Double {
        switch prf {
        case .sixteenMegahertz: 113.8
        case .sixtyFourMegahertz: 121.7
        }
    }

    /// The power of two by which the received-level formula scales the channel area C: 2^21
    /// (UM §4.7.2; Qorvo API `RSL_QUANTIZATION_FACTOR` of the DW3000).
    public static let channelAreaScale: Double = 2_097_152

    /// dB added per DGC gain step (DGC_DBG.DGC_DECISION) at 64 MHz PRF (UM §4.7; Qorvo API `deca_rsl.c`).
    public static let decibelsPerGainStep: Double = 6

    /// CIA_DIAG_0.COE_PPM is in units of 2^-26 (Qorvo API `dwt_readclockoffset`).
    public static let clockOffsetUnit: Double = 1.0 / 67_108_864

    /// IP_DIAG_2–4 hold the first-path amplitudes F1–F3 with two fractional bits
    /// (`Docs/reference/dw3000-registers.md` §7).
    public static let amplitudeUnitsPerAmplitude: Double = 4

    /// PDOA and the phases of arrival are radians with 11 fractional bits (Qorvo API
    /// `dwt_readpdoa`: degrees = value / 2^11 × 180 / π).
    public static let phaseUnit: Double = 1.0 / 2048

    /// An STS is good when its quality index reaches 60 % of its length in symbols (Qorvo API
    /// `STSQUAL_THRESH_64_SH15` = 0.60 and `dwt_readstsquality`).
    public static let stsQualityThreshold: Double = 0.6
}
