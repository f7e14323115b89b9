import DW3000Driver
import UWBCore

extension VirtualDW3000 {
    /// The radio configuration CHAN_CTRL, TX_FCTRL, SYS_CFG and the STS registers select for
    /// transmission, if they select one (User Manual §8.2.2.5, §8.2.2.10, §8.2.3.5, §8.2.4):
    /// RF_CHAN 0 is channel 5 and 1 channel 9; the PRF follows from the preamble code; TXPSR holds
    /// the preamble length code (the DW1000's PE and TXPSR side by side) unless FINE_PLEN, which
    /// overrides it when non-zero, gives the length as symbols / 8 − 1 (`Docs/reference/dw3000-registers.md`
    /// §4, the driver's way); TXBR 1 is 6.8 Mbps and
    /// 0 850 kbps (there is no 110 kbps); SFD_TYPE 0 and 3 (the IEEE 802.15.4a and 4z 8-symbol
    /// SFDs) count as the standard SFD, 1 and 2 as Decawave's [U: the 4z SFD is its own sequence;
    /// the configuration type has no case for it].
    func transmitConfiguration() -> RadioConfig? {
        let channelControl = memory.value(.chanCtrl)
        let frameControl = memory.value(.txFctrl)
        let code = Int(DW3000Register.ChanCtrl.txPcode.value(in: channelControl))
        guard let length = preambleLength(frameControl) else { return nil }
        return try? RadioConfig(
            channel: DW3000Register.ChanCtrl.rfChan.value(in: channelControl) == 1 ? .nine : .five,
            pulseRepetitionFrequency: code > 8 ? .sixtyFourMegahertz : .sixteenMegahertz,
            preambleLength: length, preambleCode: code, startOfFrameDelimiter: startOfFrameDelimiter(),
            dataRate: DW3000Register.TxFctrl.txbr.value(in: frameControl) == 1 ? .mbps6_8 : .kbps850,
            secureTimestamps: secureTimestampConfiguration(counter: stsCounter))
    }

    /// The preamble length TX_FCTRL selects: FINE_PLEN when non-zero, else the TXPSR code.
    private func preambleLength(_ frameControl: UInt64) -> PreambleLength? {
        let fine = DW3000Register.TxFctrl.finePlen.value(in: frameControl)
        if fine != 0 {
            return PreambleLength(rawValue: Int(fine + 1) * 8)
        }
        let code = DW3000Register.TxFctrl.txpsr.value(in: frameControl)
        return PreambleLength(dw1000Repetitions: code & 0b11, extension: code >> 2)
    }

    /// The SFD that CHAN_CTRL.SFD_TYPE selects.
    private func startOfFrameDelimiter() -> StartOfFrameDelimiter {
        switch DW3000Register.ChanCtrl.sfdType.value(in: memory.value(.chanCtrl)) {
        case 1, 2: .decawave
        default: .standard
        }
    }

    /// The STS that SYS_CFG.CP_SPC, STS_CFG, STS_KEY and STS_IV select, with `counter` as the IV's
    /// low 32 bits; nil when CP_SPC is 0 (no STS). CP_SPC 1 is SP1 and 3 SP3 (User Manual
    /// §8.2.2.4; Qorvo API `DWT_STS_MODE_1`, `DWT_STS_MODE_ND`); SP2 is not modelled and counts as
    /// none. The STS length is (CPS_LEN + 1) × 8 symbols.
    func secureTimestampConfiguration(counter: UInt32) -> SecureTimestampConfiguration? {
        let mode: SecureTimestampMode
        switch DW3000Register.SysCfg.cpSpc.value(in: memory.value(.sysCfg)) {
        case 1: mode = .afterFrameDelimiter
        case 3: mode = .noPayload
        default: return nil
        }
        let blocks = Int(DW3000Register.StsCfg.cpsLen.value(in: memory.value(.stsCfg))) + 1
        guard let length = SecureTimestampLength(rawValue: blocks * 8) else { return nil }
        // The registers hold the key and IV least significant word first; the standard writes
        // them most significant octet first.
        var iv = memory.octets(.stsIv)
        for index in 0..<4 {
            iv[index] = UInt8(truncatingIfNeeded: counter >> (8 * UInt32(index)))
        }
        guard let key = try? SecureTimestampSecret(octets: memory.octets(.stsKey).reversed(), field: "STS key"),
              let vector = try? SecureTimestampSecret(octets: iv.reversed(), field: "STS IV")
        else { return nil }
        return SecureTimestampConfiguration(mode: mode, length: length, key: key, initializationVector: vector)
    }

    /// Whether the receive configuration (CHAN_CTRL's channel, RX preamble code and SFD) matches
    /// what was sent, on a channel and at a rate a DW3000 has (no 110 kbps). The STS does not
    /// stop the chip locking on: a packet configuration it does not expect ends in a PHY header
    /// error (``preambleArrives(_:)``).
    public func receives(_ sent: RadioConfig) -> Bool {
        let channelControl = memory.value(.chanCtrl)
        let channel: Channel = DW3000Register.ChanCtrl.rfChan.value(in: channelControl) == 1 ? .nine : .five
        return sent.channel == channel
            && Int(DW3000Register.ChanCtrl.rxPcode.value(in: channelControl)) == sent.preambleCode
            && startOfFrameDelimiter() == sent.startOfFrameDelimiter
            && sent.dataRate != .kbps110
    }
}
