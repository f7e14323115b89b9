import UWBCore

/// The digital receiver settings the DW1000 User Manual prescribes for a configuration
/// (UM §2.5.5, Tables 24, 25, 29–33, 50).
enum ReceiverTuning {
    /// AGC_TUNE1 (0x23:04): 0x8870 at 16 MHz PRF, 0x889B at 64 MHz (UM Table 24).
    static func agcTune1(_ prf: PulseRepetitionFrequency) -> UInt64 {
        prf == .sixteenMegahertz ? 0x8870 : 0x889B
    }

    /// AGC_TUNE2 (0x23:0C) must be 0x2502A907 (UM §2.5.5.2).
    static let agcTune2: UInt64 = 0x2502_A907

    /// AGC_TUNE3 (0x23:12) is 0x0035 (UM Table 25).
    static let agcTune3: UInt64 = 0x0035

    /// DRX_TUNE0b (0x27:02), the SFD detection threshold (UM Table 29).
    static func drxTune0b(_ rate: DataRate, _ sfd: StartOfFrameDelimiter) -> UInt64 {
        switch (rate, sfd) {
        case (.kbps110, .standard): 0x000A
        case (.kbps110, .decawave): 0x0016
        case (.kbps850, .standard): 0x0001
        case (.kbps850, .decawave): 0x0006
        case (.mbps6_8, .standard): 0x0001
        case (.mbps6_8, .decawave): 0x0002
        }
    }

    /// DRX_TUNE1a (0x27:04): 0x0087 at 16 MHz PRF, 0x008D at 64 MHz (UM Table 30).
    static func drxTune1a(_ prf: PulseRepetitionFrequency) -> UInt64 {
        prf == .sixteenMegahertz ? 0x0087 : 0x008D
    }

    /// DRX_TUNE1b (0x27:06) (UM Table 31): 0x0064 at 110 kbps, 0x0010 for a 64-symbol preamble
    /// at 6.8 Mbps, 0x0020 otherwise (preambles of 128–1024 symbols at 850 kbps and 6.8 Mbps).
    static func drxTune1b(_ rate: DataRate, _ length: PreambleLength) -> UInt64 {
        if rate == .kbps110 { return 0x0064 }
        return length == .symbols64 ? 0x0010 : 0x0020
    }

    /// DRX_TUNE2 (0x27:08), by PRF and PAC (UM Table 32).
    static func drxTune2(_ prf: PulseRepetitionFrequency, _ pac: PreambleAcquisitionChunk) -> UInt64 {
        switch (pac, prf) {
        case (.symbols8, .sixteenMegahertz): 0x311A_002D
        case (.symbols8, .sixtyFourMegahertz): 0x313B_006B
        case (.symbols16, .sixteenMegahertz): 0x331A_0052
        case (.symbols16, .sixtyFourMegahertz): 0x333B_00BE
        case (.symbols32, .sixteenMegahertz): 0x351A_009A
        case (.symbols32, .sixtyFourMegahertz): 0x353B_015E
        case (.symbols64, .sixteenMegahertz): 0x371A_011D
        case (.symbols64, .sixtyFourMegahertz): 0x373B_0296
        }
    }

    /// DRX_TUNE4H (0x27:26): 0x0010 for a 64-symbol preamble, 0x0028 for longer ones (UM Table 33).
    static func drxTune4H(_ length: PreambleLength) -> UInt64 {
        length == .symbols64 ? 0x0010 : 0x0028
    }

    /// DRX_SFDTOC (0x27:20), the SFD timeout in symbols: preamble + 1 + SFD − PAC, the value
    /// Decawave's examples use (UM §7.2.40.9). Never zero, which the chip treats as a fault.
    static func sfdTimeout(_ config: RadioConfig) -> UInt64 {
        let symbols = config.preambleLength.symbols + 1
            + config.startOfFrameDelimiter.symbols(at: config.dataRate) - config.preambleAcquisitionChunk.symbols
        return UInt64(max(1, symbols))
    }

    /// LDE_CFG1 (0x2E:0806): NTM 13 and PMULT 3, as Decawave's driver sets it (UM §7.2.47.1).
    static let ldeConfiguration1: UInt64 = 0x6D

    /// LDE_CFG2 (0x2E:1806): 0x1607 at 16 MHz PRF, 0x0607 at 64 MHz (UM Table 50).
    static func ldeConfiguration2(_ prf: PulseRepetitionFrequency) -> UInt64 {
        prf == .sixteenMegahertz ? 0x1607 : 0x0607
    }

    /// LDE_REPC (0x2E:2804) for the RX preamble code (UM Table 49); at 110 kbps the value is
    /// divided by 8.
    static func ldeReplicaCoefficient(code: Int, rate: DataRate) -> UInt64 {
        let table: [UInt64] = [
            0x5998, 0x5998, 0x51EA, 0x428E, 0x451E, 0x2E14, 0x8000, 0x51EA,
            0x28F4, 0x3332, 0x3AE0, 0x3D70, 0x3AE0, 0x35C2, 0x2B84, 0x35C2,
            0x3332, 0x35C2, 0x35C2, 0x47AE, 0x3AE0, 0x3850, 0x30A2, 0x3850,
        ]
        let value = table.indices.contains(code - 1) ? table[code - 1] : 0
        return rate == .kbps110 ? value >> 3 : value
    }

    /// USR_SFD (0x21:00), the length of Decawave's SFD: 64, 16 or 8 symbols at 110 kbps, 850 kbps
    /// or 6.8 Mbps, as Decawave's driver writes it.
    static func decawaveSFDLength(_ rate: DataRate) -> UInt64 {
        UInt64(StartOfFrameDelimiter.decawave.symbols(at: rate))
    }
}
