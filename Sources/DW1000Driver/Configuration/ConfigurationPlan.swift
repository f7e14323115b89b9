import UWBCore

/// The register writes that put a DW1000 into a ``RadioConfig``, in the order the driver sends them.
///
/// A pure function of the configuration, so that each value can be checked against the user
/// manual without a chip. The order follows Decawave's `dwt_configure`: system configuration,
/// LDE, synthesiser, RF, receiver tuning, AGC, SFD, channel control, frame control.
struct ConfigurationPlan: Hashable, Sendable {
    /// The writes, in order.
    let writes: [RegisterWrite]

    /// SYS_CFG as the driver keeps it: IRQ active high and double buffering off (the reset default),
    /// 110 kbps receive mode when needed, the frame-wait timeout when `frameWaitTimeout` is on, and
    /// the frame filter's bits when one is on (UM §7.2.6).
    static func systemConfiguration(_ config: RadioConfig, frameWaitTimeout: Bool, frameFilter: FrameFilter? = nil) -> UInt64 {
        DW1000Register.SysCfg.hirqPol.placing(1)
            | DW1000Register.SysCfg.disDrxb.placing(1)
            | DW1000Register.SysCfg.rxm110k.placing(config.dataRate == .kbps110 ? 1 : 0)
            | DW1000Register.SysCfg.rxwtoe.placing(frameWaitTimeout ? 1 : 0)
            | (frameFilter?.systemConfigurationBits ?? 0)
    }

    /// TX_FCTRL without the frame length: data rate, ranging bit, PRF and preamble length
    /// (UM §7.2.10). The length fields are added for each frame.
    static func frameControl(_ config: RadioConfig) -> UInt64 {
        let (repetitions, extensionCode) = config.preambleLength.dw1000Codes
        return DW1000Register.TxFctrl.txbr.placing(config.dataRate.dw1000Code)
            | DW1000Register.TxFctrl.tr.placing(1)
            | DW1000Register.TxFctrl.txprf.placing(config.pulseRepetitionFrequency.dw1000Code)
            | DW1000Register.TxFctrl.txpsr.placing(repetitions)
            | DW1000Register.TxFctrl.pe.placing(extensionCode)
    }

    /// CHAN_CTRL (UM §7.2.32): the same channel and preamble code for TX and RX, the RX PRF, and
    /// Decawave's SFD (which needs DWSFD together with TNSSFD and RNSSFD, as Decawave's driver sets it).
    static func channelControl(_ config: RadioConfig) -> UInt64 {
        let channel = UInt64(config.channel.number)
        let code = UInt64(config.preambleCode)
        let decawaveSFD: UInt64 = config.startOfFrameDelimiter == .decawave ? 1 : 0
        return DW1000Register.ChanCtrl.txChan.placing(channel)
            | DW1000Register.ChanCtrl.rxChan.placing(channel)
            | DW1000Register.ChanCtrl.dwsfd.placing(decawaveSFD)
            | DW1000Register.ChanCtrl.rxprf.placing(config.pulseRepetitionFrequency.dw1000Code)
            | DW1000Register.ChanCtrl.tnssfd.placing(decawaveSFD)
            | DW1000Register.ChanCtrl.rnssfd.placing(decawaveSFD)
            | DW1000Register.ChanCtrl.txPcode.placing(code)
            | DW1000Register.ChanCtrl.rxPcode.placing(code)
    }

    /// The plan for a configuration, keeping `frameFilter`'s SYS_CFG bits if a filter is on.
    ///
    /// - Throws: ``TransceiverError/unsupportedConfiguration(_:)`` for channel 9 or an STS,
    ///   which a DW1000 does not have.
    init(_ config: RadioConfig, frameFilter: FrameFilter? = nil) throws(TransceiverError) {
        guard let channel = ChannelTuning.forChannel(config.channel) else {
            throw .unsupportedConfiguration(
                "a DW1000 has no \(config.channel); use "
                    + ChipFamily.dw1000.channels.map { String($0.number) }.joined(separator: ", ")
                    + ", or a DW3000-family board for channel 9")
        }
        guard config.secureTimestamps == nil else {
            throw .unsupportedConfiguration(
                "a DW1000 cannot send a scrambled timestamp sequence (\(config.secureTimestamps.map(String.init(describing:)) ?? "STS")); "
                    + "configure no STS, or use a DW3000-family board")
        }
        let prf = config.pulseRepetitionFrequency
        var writes: [RegisterWrite] = [
            RegisterWrite(.sysCfg, value: Self.systemConfiguration(config, frameWaitTimeout: false, frameFilter: frameFilter)),
            RegisterWrite(.ldeCfg1, value: ReceiverTuning.ldeConfiguration1),
            RegisterWrite(.ldeCfg2, value: ReceiverTuning.ldeConfiguration2(prf)),
            RegisterWrite(.ldeRepc, value: ReceiverTuning.ldeReplicaCoefficient(
                code: config.preambleCode, rate: config.dataRate)),
            RegisterWrite(.fsPllcfg, value: channel.pllConfiguration),
            RegisterWrite(.fsPlltune, value: channel.pllTuning),
            RegisterWrite(.rfRxctrlh, value: channel.receiverControl),
            RegisterWrite(.rfTxctrl, value: channel.transmitterControl),
            RegisterWrite(.tcPgdelay, value: channel.pulseGeneratorDelay),
            RegisterWrite(.txPower, value: channel.transmitPower(prf)),
            RegisterWrite(.drxTune0b, value: ReceiverTuning.drxTune0b(config.dataRate, config.startOfFrameDelimiter)),
            RegisterWrite(.drxTune1a, value: ReceiverTuning.drxTune1a(prf)),
            RegisterWrite(.drxTune1b, value: ReceiverTuning.drxTune1b(config.dataRate, config.preambleLength)),
            RegisterWrite(.drxTune2, value: ReceiverTuning.drxTune2(prf, config.preambleAcquisitionChunk)),
            RegisterWrite(.drxTune4h, value: ReceiverTuning.drxTune4H(config.preambleLength)),
            RegisterWrite(.drxSfdtoc, value: ReceiverTuning.sfdTimeout(config)),
            RegisterWrite(.agcTune1, value: ReceiverTuning.agcTune1(prf)),
            RegisterWrite(.agcTune2, value: ReceiverTuning.agcTune2),
            RegisterWrite(.agcTune3, value: ReceiverTuning.agcTune3),
        ]
        if config.startOfFrameDelimiter == .decawave {
            writes.append(RegisterWrite(.usrSfd, value: ReceiverTuning.decawaveSFDLength(config.dataRate), count: 1))
        }
        writes.append(RegisterWrite(.chanCtrl, value: Self.channelControl(config)))
        writes.append(RegisterWrite(.txFctrl, value: Self.frameControl(config), count: 4))
        self.writes = writes
    }
}
