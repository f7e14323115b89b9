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

    /// One complex sample of the CIR memory (ACC_MEM) is 6 octets: a 24-bit real part, then a
    /// 24-bit imaginary part, each low octet first (Qorvo API `dwt_readcir`, "3 bytes per real part,
    /// 3 byte per imaginary part"; `Docs/reference/dw3000-registers.md` §9).
    public static let accumulatorOctetsPerSample = 6

    /// Each 24-bit part holds 18 bits of value under six copies of the sign, "S S S S S S V17 … V0"
    /// (Qorvo API `DWT_CIR_VALUE_NO_SIGN_18BIT_MASK` 0x3FFFF, `DWT_CIR_SIGN_24BIT_EXTEND_32BIT_MASK`).
    public static let accumulatorValueBits = 18

    /// A read of the CIR memory returns one dummy octet before the data (Qorvo API `dwt_readcir`,
    /// "1st byte shall be ignored when reading from Accumulator"; `ACC_BUFFER_MAX_LEN` 12288 + 1).
    public static let accumulatorDummyOctets = 1

    /// The taps are 1/998.4 MHz = 64 device ticks ≈ 1.0016 ns apart, two per chip, as on the DW1000
    /// (DW1000 User Manual §7.2.38); the same Ipatov lengths (992 and 1016, one symbol at two taps
    /// per chip) say the DW3000 samples at the same rate **[derived; unconfirmed for the STS ones]**.
    public static let accumulatorSampleSpacing = DeviceDuration(ticks: 64)

    /// Where each accumulator starts in the CIR memory, in complex samples: Ipatov 0x000, STS1
    /// 0x400, STS2 0x600 (Qorvo API `dwt_cir_acc_offset`).
    public static func accumulatorStart(_ accumulator: ImpulseResponseAccumulator) -> Int {
        switch accumulator {
        case .preamble: 0x000
        case .secureTimestamp: 0x400
        case .secureTimestampSecondHalf: 0x600
        }
    }

    /// How many valid samples each accumulator holds: the Ipatov one 992 at 16 MHz PRF and 1016 at
    /// 64 MHz, each STS one 512 (Qorvo API `DWT_CIR_LEN_IP_PRF16`, `DWT_CIR_LEN_IP_PRF64`,
    /// `DWT_CIR_LEN_STS`).
    public static func accumulatorSamples(_ accumulator: ImpulseResponseAccumulator, prf: PulseRepetitionFrequency) -> Int {
        switch (accumulator, prf) {
        case (.preamble, .sixteenMegahertz): 992
        case (.preamble, .sixtyFourMegahertz): 1016
        case (.secureTimestamp, _), (.secureTimestampSecondHalf, _): 512
        }
    }

    /// The samples the driver reads per transaction of INDIRECT_PTR_A: 128, 1 + 6 × 128 = 769
    /// octets, within the register's 1024 (`Hardware/dw3000/registers.json`, UM §8.2.26). The Qorvo
    /// API reads 16 (`CHUNK_CIR_NB_SAMP`) to size a 97-octet buffer on a microcontroller; 128 takes
    /// eight times fewer transactions, divides the 512-sample STS accumulators evenly, keeps every
    /// read inside the register the map gives, and keeps a chunk's batch within the emulator
    /// service's 4096-octet messages.
    public static let accumulatorChunkSamples = 128

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
