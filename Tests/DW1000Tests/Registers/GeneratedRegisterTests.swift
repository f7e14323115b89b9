import DW1000Driver
import Testing
import UWBCore

/// Spot checks of the generated constants against the register reference (DW1000 User Manual §7
/// and the Decawave driver masks it quotes), not against the generator's own output.
@Suite struct GeneratedRegisterTests {
    /// The OR of the masks of `fields`.
    private func combinedMask(_ fields: [BitField]) -> UInt64 {
        fields.reduce(0) { $0 | $1.mask }
    }

    @Test func sysStatusAddressAndFields() {
        #expect(DW1000Register.sysStatus.file == 0x0F)
        #expect(DW1000Register.sysStatus.offset == 0)
        #expect(DW1000Register.sysStatus.length == 5)
        #expect(DW1000Register.sysStatus.access == .specialReadWrite)
        #expect(DW1000Register.sysStatus.section == "7.2.17")
        #expect(DW1000Register.SysStatus.rxfcg.lowBit == 14)
        #expect(DW1000Register.SysStatus.rxfcg.width == 1)
        #expect(DW1000Register.SysStatus.rxfcg.access == .writeOneToClear)
        #expect(DW1000Register.SysStatus.rxfcg.clearedBy == .rxEnable)
        #expect(DW1000Register.SysStatus.txfrs.lowBit == 7)
        #expect(DW1000Register.SysStatus.txfrs.clearedBy == .txEnable)
        #expect(DW1000Register.SysStatus.cplock.clearedBy == nil)
        #expect(DW1000Register.SysStatus.txpute.lowBit == 34)
        #expect(DW1000Register.SysStatus.clkpllLl.lowBit == 25)
    }

    @Test func sysStatusCoversBits0Through34ExceptReserved19() {
        let fields = DW1000Register.SysStatus.fields
        #expect(fields.count == 34)
        #expect(combinedMask(fields) == 0x7_FFF7_FFFF)
    }

    @Test func sysStatusReadOnlyBitsMatchTheManual() {
        let readOnly = DW1000Register.SysStatus.fields.filter { $0.access == .readOnly }.map(\.name)
        #expect(readOnly == ["IRQS", "RXOVRR", "HPDWARN", "HSRBP", "ICRBP", "TXPUTE"])
    }

    @Test func sysStatusDriverGroupsMatchTheReference() {
        typealias S = DW1000Register.SysStatus
        #expect(combinedMask([S.rxprd, S.rxsfdd, S.ldedone, S.rxphd, S.rxdfr, S.rxfcg]) == 0x0000_6F00)
        #expect(combinedMask([S.aat, S.txfrb, S.txprs, S.txphs, S.txfrs]) == 0xF8)
        #expect(combinedMask([S.rxphe, S.rxfce, S.rxrfsl, S.rxsfdto, S.affrej, S.ldeerr]) == 0x2405_9000)
        #expect(combinedMask([S.rxrfto, S.rxpto]) == 0x0022_0000)
        let txCleared = S.fields.filter { $0.clearedBy == .txEnable }
        #expect(combinedMask(txCleared) == 0xF0)
    }

    @Test func accessMasksMatchTheDriver() {
        #expect(combinedMask(DW1000Register.SysCfg.fields) == 0xF047_FFFF)
        #expect(combinedMask(DW1000Register.SysCtrl.fields) == 0x0100_03CF)
        #expect(combinedMask(DW1000Register.SysMask.fields) == 0x3FF7_FFFE)
        #expect(DW1000Register.SysMask.mrfpllll.lowBit == 24)
        #expect(DW1000Register.SysMask.mcpllll.lowBit == 25)
    }

    @Test func subRegisterAddresses() {
        #expect(DW1000Register.ldeRxantd.file == 0x2E)
        #expect(DW1000Register.ldeRxantd.offset == 0x1804)
        #expect(DW1000Register.ldeRxantd.length == 2)
        #expect(DW1000Register.drxCarInt.file == 0x27)
        #expect(DW1000Register.drxCarInt.offset == 0x28)
        #expect(DW1000Register.drxCarInt.length == 3)
        #expect(DW1000Register.ldeCfg1.offset == 0x0806)
        #expect(DW1000Register.ldeRepc.offset == 0x2804)
        #expect(DW1000Register.agcTune2.file == 0x23)
        #expect(DW1000Register.agcTune2.offset == 0x0C)
        #expect(DW1000Register.drxTune2.offset == 0x08)
        #expect(DW1000Register.fsXtalt.offset == 0x0E)
        #expect(DW1000Register.otpCtrl.offset == 0x06)
        #expect(DW1000Register.pmscCtrl1.offset == 0x04)
        #expect(DW1000Register.rxRawst.file == 0x15)
        #expect(DW1000Register.rxRawst.offset == 9)
        #expect(DW1000Register.txRawst.offset == 5)
    }

    @Test func lengthsUseTheLargestSubRegisterEnd() {
        #expect(DW1000Register.agcCtrl.length == 33)
        #expect(DW1000Register.drxConf.length == 46)
        #expect(DW1000Register.otpIf.length == 19)
        #expect(DW1000Register.rxFwto.length == 2)
        #expect(DW1000Register.fsPllcfg.length == 4)
        #expect(DW1000Register.accMem.length == 4064)
    }

    @Test func resetValues() {
        #expect(DW1000Register.devId.resetValue == 0xDECA_0130)
        #expect(DW1000Register.panadr.resetValue == 0xFFFF_FFFF)
        #expect(DW1000Register.sysCfg.resetValue == 0x0000_1200)
        #expect(DW1000Register.txPower.resetValue == 0x1E08_0222)
        #expect(DW1000Register.drxSfdtoc.resetValue == 0x1041)
        #expect(DW1000Register.ldotune.resetValue == 0x88_8888_8888)
        #expect(DW1000Register.fsXtalt.resetValue == 0x60)
        #expect(DW1000Register.eui.resetValue == nil)
    }

    @Test func devIdFieldsDecodeTheResetValue() {
        let id: UInt64 = 0xDECA_0130
        #expect(DW1000Register.DevId.ridtag.value(in: id) == 0xDECA)
        #expect(DW1000Register.DevId.model.value(in: id) == 0x01)
        #expect(DW1000Register.DevId.ver.value(in: id) == 3)
        #expect(DW1000Register.DevId.rev.value(in: id) == 0)
    }

    @Test func txFctrlResetIsTheManualDefaultConfiguration() throws {
        let reset = try #require(DW1000Register.txFctrl.resetValue)
        #expect(DW1000Register.TxFctrl.tflen.value(in: reset) == 12)
        #expect(DW1000Register.TxFctrl.txbr.value(in: reset) == 0b10)
        #expect(DW1000Register.TxFctrl.txprf.value(in: reset) == 0b01)
        #expect(DW1000Register.TxFctrl.txpsr.value(in: reset) == 0b01)
        #expect(DW1000Register.TxFctrl.pe.value(in: reset) == 0b01)
    }

    @Test func chanCtrlBuildsTheDefaultChannel5Code4() throws {
        typealias C = DW1000Register.ChanCtrl
        var word: UInt64 = 0
        word = try C.txChan.inserting(5, into: word)
        word = try C.rxChan.inserting(5, into: word)
        word = try C.rxprf.inserting(0b01, into: word)
        word = try C.txPcode.inserting(4, into: word)
        word = try C.rxPcode.inserting(4, into: word)
        #expect(word == 0x2104_0055)
    }

    @Test func pmscAndLdeResetFields() throws {
        let ctrl1 = try #require(DW1000Register.pmscCtrl1.resetValue)
        #expect(DW1000Register.PmscCtrl1.pktseq.value(in: ctrl1) == 0xE7)
        #expect(DW1000Register.PmscCtrl1.lderune.value(in: ctrl1) == 1)
        let ctrl0 = try #require(DW1000Register.pmscCtrl0.resetValue)
        #expect(DW1000Register.PmscCtrl0.softreset.value(in: ctrl0) == 0xF)
        let cfg1 = try #require(DW1000Register.ldeCfg1.resetValue)
        #expect(DW1000Register.LdeCfg1.ntm.value(in: cfg1) == 12)
        #expect(DW1000Register.LdeCfg1.pmult.value(in: cfg1) == 3)
        #expect(DW1000Register.OtpCtrl.ldeload.lowBit == 15)
        #expect(DW1000Register.OtpCtrl.ldeload.access == .selfClearing)
        #expect(DW1000Register.EcCtrl.pllldt.lowBit == 2)
        #expect(DW1000Register.GpioMode.msgp8.lowBit == 22)
        #expect(DW1000Register.GpioMode.msgp8.width == 2)
        #expect(DW1000Register.FsXtalt.xtalt.mask == 0x1F)
        #expect(DW1000Register.RfStatus.rfplllock.lowBit == 3)
    }

    @Test func naming() {
        #expect(DW1000Register.drxTune0b.name == "DRX_TUNE0b")
        #expect(DW1000Register.ackRespT.name == "ACK_RESP_T")
        #expect(DW1000Register.AckRespT.w4rTim.width == 20)
        #expect(DW1000Register.AckRespT.ackTim.lowBit == 24)
        #expect(DW1000Register.SysCfg.hirqPol.lowBit == 9)
        #expect(DW1000Register.Panadr.panId.lowBit == 16)
    }

    @Test func allIsInFileAndOffsetOrderAndCoversTheDriversRegisters() {
        let all = DW1000Register.all
        let keys = all.map { (Int($0.file) << 16) | Int($0.offset) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(all.map(\.name)).count == all.count)
        let required = [
            "DEV_ID", "EUI", "PANADR", "SYS_CFG", "SYS_TIME", "TX_FCTRL", "TX_BUFFER", "DX_TIME", "RX_FWTO",
            "SYS_CTRL", "SYS_MASK", "SYS_STATUS", "RX_FINFO", "RX_BUFFER", "RX_FQUAL", "RX_TTCKI", "RX_TTCKO",
            "RX_TIME", "TX_TIME", "TX_ANTD", "SYS_STATE", "ACK_RESP_T", "TX_POWER", "CHAN_CTRL", "USR_SFD",
            "AGC_CTRL", "AGC_CTRL1", "AGC_TUNE1", "AGC_TUNE2", "AGC_TUNE3", "AGC_STAT1", "EXT_SYNC", "EC_CTRL",
            "ACC_MEM", "GPIO_CTRL", "GPIO_MODE", "DRX_CONF", "DRX_TUNE0b", "DRX_TUNE1a", "DRX_TUNE1b",
            "DRX_TUNE2", "DRX_SFDTOC", "DRX_PRETOC", "DRX_TUNE4H", "DRX_CAR_INT", "RXPACC_NOSAT", "RF_CONF",
            "RF_RXCTRLH", "RF_TXCTRL", "RF_STATUS", "LDOTUNE", "TX_CAL", "TC_PGDELAY", "TC_PGTEST", "FS_CTRL",
            "FS_PLLCFG", "FS_PLLTUNE", "FS_XTALT", "OTP_IF", "OTP_WDAT", "OTP_ADDR", "OTP_CTRL", "OTP_STAT",
            "OTP_RDAT", "OTP_SRDAT", "OTP_SF", "LDE_IF", "LDE_THRESH", "LDE_CFG1", "LDE_PPINDX", "LDE_PPAMPL",
            "LDE_RXANTD", "LDE_CFG2", "LDE_REPC", "DIG_DIAG", "PMSC", "PMSC_CTRL0", "PMSC_CTRL1",
            "PMSC_TXFSEQ", "PMSC_LEDC",
        ]
        #expect(Set(required).isSubset(of: all.map(\.name)))
    }

    @Test func description() {
        #expect(DW1000Register.sysStatus.description == "SYS_STATUS (0x0F, 5 octets, SRW)")
        #expect(DW1000Register.ldeRxantd.description == "LDE_RXANTD (0x2E:1804, 2 octets, RW)")
        #expect(DW1000Register.fsXtalt.description == "FS_XTALT (0x2B:0E, 1 octet, RW)")
    }
}
