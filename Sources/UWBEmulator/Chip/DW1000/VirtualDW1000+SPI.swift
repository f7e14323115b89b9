import DW1000Driver
import UWBCore

extension VirtualDW1000 {
    /// Answers one SPI transaction at the simulator's current time.
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    public func transfer(_ transaction: SPITransaction) throws(VirtualChipError) -> [UInt8] {
        answeredTransactions += 1
        let header: DW1000SPIHeader
        do {
            header = try DW1000SPIHeader.decode(transaction.header).header
        } catch {
            throw .malformedHeader(error.description)
        }
        switch transaction.body {
        case .read(let count):
            // A read of a negative count is refused as such, whichever way the header points.
            guard header.operation == .read || count < 0 else { throw Self.directionMismatch(header.operation) }
            return try checkedRead(file: header.file, subIndex: Int(header.subIndex), count: count)
        case .write(let octets):
            guard header.operation == .write else { throw Self.directionMismatch(header.operation) }
            try checkedWrite(file: header.file, subIndex: Int(header.subIndex), octets)
            return []
        }
    }

    /// Answers the read transaction of `count` octets whose header addresses `subIndex` of
    /// `file`, as ``transfer(_:)`` does, without the header to decode.
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    func answerRead(file: UInt8, subIndex: Int, count: Int) throws(VirtualChipError) -> [UInt8] {
        answeredTransactions += 1
        return try checkedRead(file: file, subIndex: subIndex, count: count)
    }

    /// Answers the read transaction of `count` octets whose header addresses `subIndex` of
    /// `file`, as ``transfer(_:)`` does, without the header to decode, and returns the first (up
    /// to) 8 octets read as a little-endian number, without an array for a plain register.
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    func answerReadValue(file: UInt8, subIndex: Int, count: Int) throws(VirtualChipError) -> UInt64 {
        answeredTransactions += 1
        guard file != registers.accumulatorFile else {
            // The accumulator's reads, with their dummy octet: through the octets.
            let octets = try checkedRead(file: file, subIndex: subIndex, count: count)
            return octets.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
        }
        try validateRead(file: file, subIndex: subIndex, count: count)
        refreshBeforeRead(file: file)
        return registers.littleEndianValue(file: file, offset: subIndex, count: min(8, count))
    }

    /// Answers the write transaction of `octets` whose header addresses `subIndex` of `file`, as
    /// ``transfer(_:)`` does, without the header to decode.
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    func answerWrite(file: UInt8, subIndex: Int, octets: [UInt8]) throws(VirtualChipError) {
        answeredTransactions += 1
        try checkedWrite(file: file, subIndex: subIndex, octets)
    }

    /// Answers the write transaction of the low `count` octets of `value` (zeros beyond the
    /// eighth) whose header addresses `subIndex` of `file`, as ``transfer(_:)`` does, without the
    /// header to decode, and without an array for a write of up to 8 octets.
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    func answerWrite(file: UInt8, subIndex: Int, value: UInt64, count: Int) throws(VirtualChipError) {
        guard count <= 8 else {
            let octets = (0..<count).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
            return try answerWrite(file: file, subIndex: subIndex, octets: octets)
        }
        answeredTransactions += 1
        try registers.validate(file: file, subIndex: subIndex, length: count, writing: true)
        writeRegisters(file: file, offset: subIndex, value: value, count: count)
    }

    /// The error of a transaction whose body goes the other way from its header's R/W bit.
    private static func directionMismatch(_ operation: DW1000SPIOperation) -> VirtualChipError {
        .malformedBody("the header's R/W bit says \(operation) but the body is the other way")
    }

    /// Checks a read of `count` octets from `subIndex` of `file` against the register map.
    private func validateRead(file: UInt8, subIndex: Int, count: Int) throws(VirtualChipError) {
        guard count >= 0 else { throw .malformedBody("a read of \(count) octets") }
        // ACC_MEM answers a dummy octet first, so a read clocks one octet more than it covers.
        let covered = file == registers.accumulatorFile ? max(0, count - 1) : count
        try registers.validate(file: file, subIndex: subIndex, length: covered, writing: false)
    }

    /// A read checked against the register map.
    private func checkedRead(file: UInt8, subIndex: Int, count: Int) throws(VirtualChipError) -> [UInt8] {
        try validateRead(file: file, subIndex: subIndex, count: count)
        return readRegisters(file: file, offset: subIndex, count: count)
    }

    /// A write checked against the register map.
    private func checkedWrite(file: UInt8, subIndex: Int, _ octets: [UInt8]) throws(VirtualChipError) {
        try registers.validate(file: file, subIndex: subIndex, length: octets.count, writing: true)
        writeRegisters(file: file, offset: subIndex, octets)
    }

    /// A read, with the registers that change by themselves brought up to date first.
    private func readRegisters(file: UInt8, offset: Int, count: Int) -> [UInt8] {
        refreshBeforeRead(file: file)
        if file == registers.accumulatorFile {
            writePendingAccumulatorTaps()
            completeAccumulator(for: (offset / 4)..<((offset + max(0, count - 1) + 3) / 4))
            // UM §7.2.38: the first octet of every accumulator read is a dummy octet.
            return [0] + registers.read(file: file, offset: offset, count: max(0, count - 1))
        }
        return registers.read(file: file, offset: offset, count: count)
    }

    /// Brings the registers of `file` that change by themselves (SYS_TIME) up to date for a read.
    private func refreshBeforeRead(file: UInt8) {
        if file == registers.systemTimeFile {
            registers.set(.sysTime, counter(at: now) & ~Self.delayedTimeIgnoredBits)
        }
    }

    /// A write, with the side effects of the control registers.
    private func writeRegisters(file: UInt8, offset: Int, _ octets: [UInt8]) {
        switch file {
        case DW1000Register.sysStatus.file:
            var mask: UInt64 = 0
            for (index, octet) in octets.enumerated() where offset + index < 8 {
                mask |= UInt64(octet) << (8 * (offset + index))
            }
            clearStatus(mask & Self.writeOneToClear)
        case DW1000Register.sysCtrl.file:
            var command: UInt64 = 0
            for (index, octet) in octets.enumerated() where offset + index < 8 {
                command |= UInt64(octet) << (8 * (offset + index))
            }
            execute(command)
        case DW1000Register.pmscCtrl0.file where offset <= 3 && offset + octets.count > 3:
            let before = DW1000Register.PmscCtrl0.softreset.value(in: registers.value(.pmscCtrl0))
            registers.write(file: file, offset: offset, octets)
            let after = DW1000Register.PmscCtrl0.softreset.value(in: registers.value(.pmscCtrl0))
            softResetChanged(from: before, to: after)
        case DW1000Register.otpCtrl.file where offset <= Int(DW1000Register.otpCtrl.offset) && offset + octets.count > Int(DW1000Register.otpCtrl.offset):
            registers.write(file: file, offset: offset, octets)
            otpControlWritten()
        case DW1000Register.sysMask.file:
            registers.write(file: file, offset: offset, octets)
            updateInterrupt()
        case DW1000Register.sysCfg.file:
            registers.write(file: file, offset: offset, octets)
            if DW1000Register.SysCfg.rxwtoe.value(in: registers.value(.sysCfg)) == 0 {
                cancelFrameWaitTimeout()
            }
        default:
            registers.write(file: file, offset: offset, octets)
        }
    }

    /// A write of the low `count` (at most 8) octets of `value`, with the side effects of
    /// ``writeRegisters(file:offset:_:)`` for the same octets.
    private func writeRegisters(file: UInt8, offset: Int, value: UInt64, count: Int) {
        switch file {
        case DW1000Register.sysStatus.file:
            clearStatus(Self.octets(of: value, count: count, placedAt: offset) & Self.writeOneToClear)
        case DW1000Register.sysCtrl.file:
            execute(Self.octets(of: value, count: count, placedAt: offset))
        case DW1000Register.pmscCtrl0.file where offset <= 3 && offset + count > 3:
            let before = DW1000Register.PmscCtrl0.softreset.value(in: registers.value(.pmscCtrl0))
            registers.write(file: file, offset: offset, value: value, count: count)
            let after = DW1000Register.PmscCtrl0.softreset.value(in: registers.value(.pmscCtrl0))
            softResetChanged(from: before, to: after)
        case DW1000Register.otpCtrl.file where offset <= Int(DW1000Register.otpCtrl.offset) && offset + count > Int(DW1000Register.otpCtrl.offset):
            registers.write(file: file, offset: offset, value: value, count: count)
            otpControlWritten()
        case DW1000Register.sysMask.file:
            registers.write(file: file, offset: offset, value: value, count: count)
            updateInterrupt()
        case DW1000Register.sysCfg.file:
            registers.write(file: file, offset: offset, value: value, count: count)
            if DW1000Register.SysCfg.rxwtoe.value(in: registers.value(.sysCfg)) == 0 {
                cancelFrameWaitTimeout()
            }
        default:
            registers.write(file: file, offset: offset, value: value, count: count)
        }
    }

    /// The low `count` octets of `value` placed from octet `offset` of a 64-bit register image,
    /// as the octet loops of ``writeRegisters(file:offset:_:)`` combine them (octets beyond the
    /// eighth of the image dropped).
    private static func octets(of value: UInt64, count: Int, placedAt offset: Int) -> UInt64 {
        guard offset < 8, count > 0 else { return 0 }
        let kept = min(count, 8 - offset)
        let low = kept >= 8 ? value : value & ((UInt64(1) << (8 * UInt64(kept))) - 1)
        return low << (8 * UInt64(offset))
    }

    /// SOFTRESET (PMSC_CTRL0 bits 31:28): all four low then high resets the chip; only bit 28
    /// toggled resets the receiver (UM §7.2.50.1). The PLL relocks at once in virtual time.
    private func softResetChanged(from before: UInt64, to after: UInt64) {
        if before != 0 && after == 0 {
            applyReset()
            leadingEdgeCodeLoaded = false
            registers.set(.pmscCtrl0, DW1000Register.PmscCtrl0.softreset.placing(0) | (registers.value(.pmscCtrl0) & ~DW1000Register.PmscCtrl0.softreset.mask))
        } else if after & 0b0001 == 0 && after != 0 {
            cancelReceiver()
        }
    }

    /// OTP_CTRL: OTPREAD copies the addressed word into OTP_RDAT; LDELOAD loads the LDE code.
    /// Both clear themselves at once (a real load takes 150 µs; the driver polls for it).
    private func otpControlWritten() {
        let control = registers.value(.otpCtrl)
        if control & DW1000Register.OtpCtrl.otpread.mask != 0 {
            let address = Int(registers.value(.otpAddr) & 0x7FF)
            registers.set(.otpRdat, UInt64(hardware.otpWord(address)))
        }
        if control & DW1000Register.OtpCtrl.ldeload.mask != 0 {
            leadingEdgeCodeLoaded = true
        }
        registers.set(.otpCtrl, control & ~(DW1000Register.OtpCtrl.otpread.mask | DW1000Register.OtpCtrl.ldeload.mask))
    }

    /// Carries out a SYS_CTRL write (UM §7.2.15). TRXOFF wins over TXSTRT in the same write, which
    /// is how Decawave's driver uses TXSTRT|TRXOFF after configuration.
    private func execute(_ command: UInt64) {
        if command & DW1000Register.SysCtrl.trxoff.mask != 0 {
            turnOff()
            return
        }
        if command & DW1000Register.SysCtrl.txstrt.mask != 0 {
            startTransmission(
                delayed: command & DW1000Register.SysCtrl.txdlys.mask != 0,
                awaitingResponse: command & DW1000Register.SysCtrl.wait4resp.mask != 0,
                suppressFCS: command & DW1000Register.SysCtrl.sfcst.mask != 0)
        }
        if command & DW1000Register.SysCtrl.rxenab.mask != 0 {
            enableReceiver(delayed: command & DW1000Register.SysCtrl.rxdlye.mask != 0)
        }
    }

    /// TRXOFF: abort TX and RX, go idle, drop the late-start warning.
    func turnOff() {
        cancelTransmitter()
        cancelReceiver()
        clearStatus(DW1000Register.SysStatus.hpdwarn.mask | DW1000Register.SysStatus.txpute.mask)
    }
}
