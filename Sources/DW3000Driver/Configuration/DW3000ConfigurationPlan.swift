import UWBCore

/// The register writes of ``DW3000/configure(_:)`` as pure functions of a ``RadioConfig``, in the
/// order of the Qorvo API's `dwt_configure` (UM §2.5): checked without a chip.
enum DW3000ConfigurationPlan {
    /// DGC_CFG0 and DGC_CFG1 for 64 MHz PRF (Qorvo API `DWT_DGC_CFG0`, `DWT_DGC_CFG1`).
    static let gainControl: (UInt64, UInt64) = (0x1000_0240, 0x1B6D_A489)
    /// DGC_CFG.THR_64 (Qorvo API `DWT_DGC_CFG`).
    static let gainThreshold: UInt64 = 0x32
    /// DTUNE3, the preamble detection threshold (Qorvo API `PD_THRESH_OPTIMAL`).
    static let detectionThreshold: UInt64 = 0xAF5F_35CC
    /// DTUNE4.RX_SFD_HLDOFF for preambles above 64 symbols and for the others (Qorvo API).
    static let sfdHoldOff: (long: UInt64, short: UInt64) = (0x20, 0x14)

    /// Why `config` cannot run on a DW3000, or `nil` if it can.
    static func unsupportedReason(_ config: RadioConfig) -> String? {
        guard DW3000ChannelTuning(config.channel) != nil else {
            return "\(config.channel) is not a DW3000 channel; use channel 5 or channel 9"
        }
        guard config.dataRate != .kbps110 else {
            return "the DW3000 has no 110 kbps data rate; use 850 kbps or 6.8 Mbps"
        }
        return nil
    }

    /// The writes before the PLL is locked: SYS_CFG (with the PDoA mode), receiver tuning, CHAN_CTRL, preamble length,
    /// SFD timeout, DGC, TX power and the channel's analog tuning.
    static func writes(_ config: RadioConfig, measuresPhaseDifference: Bool) -> [DW3000Write] {
        guard let tuning = DW3000ChannelTuning(config.channel) else { return [] }
        let sysCfg = DW3000Register.SysCfg.self
        var writes: [DW3000Write] = [
            .masked(
                .sysCfg,
                and: ~(sysCfg.phrMode.mask | sysCfg.phr6m8.mask | sysCfg.cpSpc.mask | sysCfg.pdoaMode.mask | sysCfg.cpSdc.mask)
                    & 0xFFFF_FFFF,
                or: systemConfiguration(config, measuresPhaseDifference: measuresPhaseDifference), octets: 4),
            .masked(.dtune0, and: ~DW3000Register.Dtune0.prePacSym.mask & 0xFF, or: acquisitionChunkCode(config), octets: 1),
        ]
        if let sts = config.secureTimestamps {
            writes.append(.value(.stsCfg, UInt64(sts.length.symbols / 8 - 1), count: 1))
        }
        writes += [
            .value(.dtune3, detectionThreshold),
            .value(.chanCtrl, channelControl(config)),
            .value(.txFctrl, UInt64(config.preambleLength.symbols / 8 - 1), offset: 5, count: 1),
            .value(.rxSfdToc, sfdTimeout(config)),
        ]
        writes += gainControlWrites(config, tuning)
        let holdOff = config.preambleLength.symbols > 64 ? sfdHoldOff.long : sfdHoldOff.short
        writes += [
            .masked(.dtune4, and: ~DW3000Register.Dtune4.rxSfdHldoff.mask & 0xFFFF_FFFF, or: DW3000Register.Dtune4.rxSfdHldoff.placing(holdOff), octets: 4),
            .value(.txPower, tuning.transmitPower),
            .value(.rfTxCtrl2, tuning.transmitterControl),
            .value(.pllCfg, tuning.pllConfiguration),
            .value(.ldoRload, 0x14),
            .value(.rfTxCtrl1, 0x0E),
            .value(.pllCal, 0x81, count: 1),
        ]
        return writes
    }

    /// SYS_CFG bits set for `config`: STS packet configuration (SP1 = 1, SP3 = 3) and, on a chip with
    /// two antenna ports, the PDoA mode (``DW3000PhaseDifferenceMode``): 3 with an STS, 1 without.
    static func systemConfiguration(_ config: RadioConfig, measuresPhaseDifference: Bool) -> UInt64 {
        let mode = phaseDifferenceMode(config, measuresPhaseDifference: measuresPhaseDifference)
        let packet: UInt64 = switch config.secureTimestamps?.mode {
        case nil: 0
        case .afterFrameDelimiter: 1
        default: 3
        }
        return DW3000Register.SysCfg.cpSpc.placing(packet) | DW3000Register.SysCfg.pdoaMode.placing(mode.rawValue)
    }

    /// The PDoA mode for `config` on a chip with or without two antenna ports.
    static func phaseDifferenceMode(_ config: RadioConfig, measuresPhaseDifference: Bool) -> DW3000PhaseDifferenceMode {
        DW3000PhaseDifferenceMode(measuresPhaseDifference: measuresPhaseDifference, secureTimestamps: config.secureTimestamps != nil)
    }

    /// CHAN_CTRL: channel, SFD type and the same preamble code for TX and RX.
    static func channelControl(_ config: RadioConfig) -> UInt64 {
        let code = UInt64(config.preambleCode)
        return DW3000Register.ChanCtrl.rfChan.placing(DW3000ChannelTuning(config.channel)?.channelBit ?? 0)
            | DW3000Register.ChanCtrl.sfdType.placing(sfdType(config))
            | DW3000Register.ChanCtrl.txPcode.placing(code)
            | DW3000Register.ChanCtrl.rxPcode.placing(code)
    }

    /// TX_FCTRL octets 0–3 without the frame length: data rate and the ranging bit (decision 0005);
    /// TXPSR stays 0 so that FINE_PLEN sets the preamble length.
    static func frameControl(_ config: RadioConfig) -> UInt64 {
        DW3000Register.TxFctrl.txbr.placing(config.dataRate == .mbps6_8 ? 1 : 0) | DW3000Register.TxFctrl.tr.placing(1)
    }

    /// CHAN_CTRL.SFD_TYPE: 0 for the IEEE 802.15.4a SFD, 1 or 2 for Decawave's 8- or 16-symbol one.
    static func sfdType(_ config: RadioConfig) -> UInt64 {
        switch config.startOfFrameDelimiter {
        case .standard: 0
        case .decawave: config.startOfFrameDelimiter.symbols(at: config.dataRate) == 16 ? 2 : 1
        }
    }

    /// DTUNE0.PRE_PAC_SYM: 8 → 0, 16 → 1, 32 → 2, 4 → 3 (UM §8.2.8.1).
    static func acquisitionChunkCode(_ config: RadioConfig) -> UInt64 {
        switch config.preambleAcquisitionChunk.symbols {
        case 8: 0
        case 16: 1
        default: 2
        }
    }

    /// RX_SFD_TOC: preamble length + 1 + SFD length − PAC, in symbols.
    static func sfdTimeout(_ config: RadioConfig) -> UInt64 {
        UInt64(config.preambleLength.symbols + 1 + config.startOfFrameDelimiter.symbols(at: config.dataRate)
            - config.preambleAcquisitionChunk.symbols)
    }

    /// The DGC tables and DGC_CFG at 64 MHz PRF; DGC off at 16 MHz.
    private static func gainControlWrites(_ config: RadioConfig, _ tuning: DW3000ChannelTuning) -> [DW3000Write] {
        guard config.pulseRepetitionFrequency == .sixtyFourMegahertz else {
            return [.masked(.dgcCfg, and: ~DW3000Register.DgcCfg.rxTuneEn.mask & 0xFF, or: 0, octets: 1)]
        }
        let tables = zip(DW3000ChannelTuning.gainTableRegisters, tuning.gainTable).map { DW3000Write.value($0, $1) }
        return tables + [
            .value(.dgcCfg0, gainControl.0),
            .value(.dgcCfg1, gainControl.1),
            .masked(.dgcCfg, and: ~DW3000Register.DgcCfg.thr64.mask & 0xFFFF, or: DW3000Register.DgcCfg.thr64.placing(gainThreshold), octets: 2),
        ]
    }
}
