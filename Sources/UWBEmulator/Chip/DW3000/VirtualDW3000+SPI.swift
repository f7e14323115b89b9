import DW3000Driver
import UWBCore

extension VirtualDW3000 {
    /// Answers one SPI transaction at the simulator's current time: a fast command, or a read,
    /// write or masked write of a register through a short or full-addressed header (User Manual
    /// §2.3.1.2).
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    public func transfer(_ transaction: SPITransaction) throws(VirtualChipError) -> [UInt8] {
        answeredTransactions += 1
        let kind: DW3000SPITransactionKind
        do {
            kind = try DW3000SPIHeader.decode(transaction.header)
        } catch {
            throw .malformedHeader(error.description)
        }
        switch (kind, transaction.body) {
        case (.fastCommand(let command), .write(let octets)) where octets.isEmpty:
            execute(command)
            return []
        case (.fastCommand(let command), _):
            throw .malformedBody("the fast command \(command) takes no body; send its one header octet alone")
        case (.register(let header, _), .read(let count)):
            guard header.access == .read else {
                throw .malformedBody("the header says \(header.access) but the body is a read")
            }
            guard count >= 0 else { throw .malformedBody("a read of \(count) octets") }
            try memory.validate(file: header.file, offset: Int(header.offset), length: count, writing: false)
            if let octets = accumulatorRead(file: header.file, offset: Int(header.offset), count: count) {
                return octets
            }
            refreshBeforeRead(file: header.file)
            return memory.read(file: header.file, offset: Int(header.offset), count: count)
        case (.register(let header, _), .write(let octets)):
            try write(octets, with: header)
            return []
        }
    }

    /// A write or masked write: a masked write of N octets carries an AND mask then an OR mask of
    /// N octets each, and the register becomes (value AND and-mask) OR or-mask (§2.3.1.2).
    private func write(_ body: [UInt8], with header: DW3000SPIHeader) throws(VirtualChipError) {
        let offset = Int(header.offset)
        let octets: [UInt8]
        switch header.access {
        case .read:
            throw .malformedBody("the header says read but the body is a write")
        case .write:
            octets = body
        case .maskedWrite8, .maskedWrite16, .maskedWrite32:
            let width = header.access == .maskedWrite8 ? 1 : header.access == .maskedWrite16 ? 2 : 4
            guard body.count == 2 * width else {
                throw .malformedBody("a masked write of \(width) octets carries \(2 * width) (AND mask, then OR mask), not \(body.count)")
            }
            let old = memory.read(file: header.file, offset: offset, count: width)
            octets = (0..<width).map { old[$0] & body[$0] | body[width + $0] }
        }
        try memory.validate(file: header.file, offset: offset, length: octets.count, writing: true)
        let touched = { (register: DW3000Register) in
            register.file == header.file && offset < Int(register.offset) + register.length
                && Int(register.offset) < offset + octets.count
        }
        if touched(.sysStatus) {
            var mask: UInt64 = 0
            for (index, octet) in octets.enumerated() where offset + index >= Int(DW3000Register.sysStatus.offset) {
                mask |= UInt64(octet) << (8 * UInt64(offset + index - Int(DW3000Register.sysStatus.offset)))
            }
            clearStatus(mask & Self.writeOneToClear)
            return
        }
        if touched(.rxCalSts) {
            memory.set(.rxCalSts, 0)
            return
        }
        memory.write(file: header.file, offset: offset, octets)
        if touched(.sysEnable) { updateInterrupt() }
        if touched(.sysCfg), DW3000Register.SysCfg.rxwtoe.value(in: memory.value(.sysCfg)) == 0 { cancelFrameWaitTimeout() }
        if touched(.softRst) { softResetWritten() }
        if touched(.otpCfg) { oneTimeMemoryControlWritten() }
        if touched(.stsCtrl) { secureTimestampControlWritten() }
        if touched(.seqCtrl) || touched(.pllCal) { clockConfigurationWritten() }
        if touched(.rxCal) { receiverCalibrationWritten() }
    }

    /// Brings SYS_TIME up to date for a read: bits 39:8 of the counter, bit 0 clear (User Manual
    /// §8.2.2.9; the same 512-tick grid as DX_TIME).
    private func refreshBeforeRead(file: UInt8) {
        if file == DW3000Register.sysTime.file {
            memory.set(.sysTime, (counter(at: now) >> 8) & 0xFFFF_FFFE)
        }
    }

    /// SOFT_RST: all bits written 0 resets the chip (back to IDLE_RC, the register reading 0xFF
    /// again); clearing only some resets the receiver (User Manual §8.2.18.1; Qorvo API
    /// `ull_softreset`, `ull_rxreset`).
    private func softResetWritten() {
        let value = memory.value(.softRst) & 0xFF
        if value == 0 {
            applyReset()
        } else if value != 0xFF {
            cancelReceiver()
            memory.set(.softRst, 0xFF)
        }
    }

    /// OTP_CFG: OTP_READ copies the word at OTP_ADDR into OTP_RDATA; it and the kick bits clear
    /// themselves at once (User Manual §8.2.12; a real read takes a few µs).
    private func oneTimeMemoryControlWritten() {
        let control = memory.value(.otpCfg)
        if control & DW3000Register.OtpCfg.otpRead.mask != 0 {
            let address = Int(memory.value(.otpAddr) & 0x7FF)
            memory.set(.otpRdata, UInt64(DW3000OneTimeMemory.word(address, hardware: hardware)))
        }
        let selfClearing = DW3000Register.OtpCfg.fields.filter { $0.access == .selfClearing }.reduce(UInt64(0)) { $0 | $1.mask }
        memory.set(.otpCfg, control & ~selfClearing)
    }

    /// STS_CTRL: LOAD_IV loads the STS counter from STS_IV's low 32 bits; both bits clear
    /// themselves (User Manual §8.2.4.2).
    private func secureTimestampControlWritten() {
        let control = memory.value(.stsCtrl)
        if control & DW3000Register.StsCtrl.loadIv.mask != 0 {
            stsCounter = UInt32(truncatingIfNeeded: memory.value(.stsIv))
        }
        memory.set(.stsCtrl, 0)
    }

    /// SEQ_CTRL.AINIT2IDLE or PLL_CAL.CAL_EN: the PLL locks at once in virtual time and CPLOCK
    /// is set (the driver polls for it); CAL_EN clears itself.
    private func clockConfigurationWritten() {
        let calibrating = memory.value(.pllCal) & DW3000Register.PllCal.calEn.mask != 0
        if calibrating || memory.value(.seqCtrl) & DW3000Register.SeqCtrl.ainit2idle.mask != 0 {
            setStatus(DW3000Register.SysStatus.cplock.mask)
        }
        if calibrating {
            memory.set(.pllCal, memory.value(.pllCal) & ~DW3000Register.PllCal.calEn.mask)
        }
    }

    /// RX_CAL.CAL_EN: the PGF calibration completes at once with valid results (RX_CAL_STS = 1,
    /// RX_CAL_RESI/RESQ other than the failure value); CAL_EN clears itself (User Manual §8.2.5;
    /// Qorvo API `ull_pgf_cal`).
    private func receiverCalibrationWritten() {
        let control = memory.value(.rxCal)
        guard control & DW3000Register.RxCal.calEn.mask != 0 else { return }
        memory.set(.rxCal, control & ~DW3000Register.RxCal.calEn.mask)
        memory.set(.rxCalResi, Self.calibrationResult)
        memory.set(.rxCalResq, Self.calibrationResult)
        memory.set(.rxCalSts, 1)
    }

    /// Carries out a fast command (User Manual §2.3.1.2, fast command table). Commands this model
    /// lacks (clear-channel assessment, the double buffer) set SYS_STATUS.CMD_ERR.
    func execute(_ command: DW3000FastCommand) {
        switch command {
        case .turnOff:
            cancelTransmitter()
            cancelReceiver()
        case .transmit: startTransmission(at: nil, awaitingResponse: false)
        case .transmitAwaitingResponse: startTransmission(at: nil, awaitingResponse: true)
        case .delayedTransmit: startTransmission(at: delayedTime(after: 0), awaitingResponse: false)
        case .delayedTransmitAwaitingResponse: startTransmission(at: delayedTime(after: 0), awaitingResponse: true)
        case .transmitAfterTransmitTime, .transmitAfterTransmitTimeAwaitingResponse:
            startTransmission(at: delayedTime(after: memory.value(.txTime) >> 8),
                              awaitingResponse: command == .transmitAfterTransmitTimeAwaitingResponse)
        case .transmitAfterReceiveTime, .transmitAfterReceiveTimeAwaitingResponse:
            startTransmission(at: delayedTime(after: memory.value(.rxTime) >> 8),
                              awaitingResponse: command == .transmitAfterReceiveTimeAwaitingResponse)
        case .transmitAfterReferenceTime, .transmitAfterReferenceTimeAwaitingResponse:
            startTransmission(at: delayedTime(after: memory.value(.drefTime)),
                              awaitingResponse: command == .transmitAfterReferenceTimeAwaitingResponse)
        case .receive: enableReceiver(at: nil)
        case .delayedReceive: enableReceiver(at: delayedTime(after: 0))
        case .receiveAfterTransmitTime: enableReceiver(at: delayedTime(after: memory.value(.txTime) >> 8))
        case .receiveAfterReceiveTime: enableReceiver(at: delayedTime(after: memory.value(.rxTime) >> 8))
        case .receiveAfterReferenceTime: enableReceiver(at: delayedTime(after: memory.value(.drefTime)))
        case .clearInterrupts: clearStatus(Self.writeOneToClear)
        case .transmitIfClear, .transmitIfClearAwaitingResponse, .toggleDoubleBuffer:
            setStatus(DW3000Register.SysStatus.cmdErr.mask)
        }
    }

    /// The raw 40-bit time a delayed command targets: DX_TIME (bits 39:8 of the time, bit 0
    /// ignored) added to `reference` (bits 39:8 of TX_TIME, RX_TIME or DREF_TIME; 0 for DTX/DRX).
    private func delayedTime(after reference: UInt64) -> UInt64 {
        let high = (memory.value(.dxTime) &+ reference) & 0xFFFF_FFFE
        return (high << 8) & DeviceClock.maximumTicks
    }
}
