import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: reset values and access rules (UM §7.1, §7.2)")
struct RegisterAccessTests {
    @Test("reset values match the user manual's default rows")
    func resetValues() throws {
        let chip = ChipBench().addChip()
        #expect(try chip.read(.devId) == 0xDECA_0130)
        #expect(try chip.readOctets(.devId) == [0x30, 0x01, 0xCA, 0xDE])
        #expect(try chip.read(.panadr) == 0xFFFF_FFFF)
        #expect(try chip.read(.sysCfg) == 0x0000_1200)
        #expect(try chip.read(.txFctrl) == 0x00_0015_400C)
        #expect(try chip.read(.sysMask) == 0)
        #expect(try chip.read(.sysCtrl) == 0)
        #expect(try chip.read(.pmscCtrl0) == 0xF030_0200)
        #expect(try chip.read(.pmscCtrl1) == 0x8102_0738)
        #expect(try chip.read(.txPower) == 0x1E08_0222)
        #expect(try chip.read(.agcTune1) == 0x889B)
        #expect(try chip.read(.drxTune2) == 0x311E_0035)
        #expect(try chip.read(.drxSfdtoc) == 0x1041)
        #expect(try chip.read(.rfTxctrl) == 0x001E_3DE0)
        #expect(try chip.read(.ldotune) == 0x88_8888_8888)
        #expect(try chip.read(.tcPgdelay) == 0xC5)
        #expect(try chip.read(.fsPlltune) == 0x46)
        #expect(try chip.read(.fsXtalt) == 0x60)
        #expect(try chip.read(.ldeCfg1) == 0x6C)
        #expect(try chip.read(.ldeCfg2) == 0)
        // UM §2.5.2: channel 5, preamble code 4, 16 MHz PRF after power-on.
        #expect(try chip.read(.chanCtrl) == 0x2104_0055)
    }

    @Test("transactions that cannot exist are typed errors, not crashes")
    func malformedTransactions() throws {
        let chip = ChipBench().addChip()
        let read = try DW1000SPIHeader(.read, register: .sysStatus, offset: 0).bytes
        let write = try DW1000SPIHeader(.write, register: .sysStatus, offset: 0).bytes
        #expect(throws: VirtualChipError.malformedBody("a read of -1 octets")) {
            try chip.transfer(SPITransaction(header: read, body: .read(count: -1)))
        }
        #expect(throws: VirtualChipError.self) { try chip.transfer(SPITransaction(header: write, body: .read(count: 4))) }
        #expect(throws: VirtualChipError.self) { try chip.transfer(SPITransaction(header: read, body: .write([1]))) }
        #expect(try chip.read(.devId) == 0xDECA_0130)
    }

    @Test("reading the write-only TX_BUFFER is a typed error naming it")
    func writeOnlyRead() throws {
        let chip = ChipBench().addChip()
        #expect(throws: VirtualChipError.readFromWriteOnly(name: "TX_BUFFER")) { try chip.readOctets(.txBuffer, count: 4) }
        try chip.writeOctets(.txBuffer, [1, 2, 3, 4])
    }

    @Test("SYS_STATUS after reset holds only CPLOCK (the PLL locks at once in virtual time)")
    func statusAfterReset() throws {
        let chip = ChipBench().addChip()
        #expect(try chip.status() == DW1000Register.SysStatus.cplock.mask)
        #expect(!chip.interruptAsserted)
    }

    @Test("EUI comes from the hardware's OTP words at reset, low octet first")
    func extendedUniqueIdentifier() throws {
        let chip = ChipBench().addChip(hardware: ChipBench.hardware(eui: 0x0011_2233_4455_6677))
        #expect(try chip.readOctets(.eui) == [0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00])
        try chip.write(.eui, 0xAABB_CCDD_EEFF_0011)
        #expect(try chip.read(.eui) == 0xAABB_CCDD_EEFF_0011)
    }

    @Test("the UM's SPI examples: 2-octet header at index 2 of DEV_ID, 3-octet header into TX_BUFFER")
    func headerForms() throws {
        let chip = ChipBench().addChip()
        #expect(try chip.transfer(SPITransaction(header: [0x40, 0x02], body: .read(count: 2))) == [0xCA, 0xDE])
        #expect(try chip.transfer(SPITransaction(header: [0x40, 0x00], body: .read(count: 4))) == [0x30, 0x01, 0xCA, 0xDE])
        _ = try chip.transfer(SPITransaction(header: [0xC9, 0xB6, 0x02], body: .write([0xA5])))
        #expect(chip.registers.read(file: 0x09, offset: 0x136, count: 1) == [0xA5])
    }

    @Test("writes to read-only registers are typed errors naming the register", arguments: [
        (DW1000Register.devId, "DEV_ID"), (DW1000Register.sysTime, "SYS_TIME"), (DW1000Register.rxTime, "RX_TIME"),
        (DW1000Register.rxFinfo, "RX_FINFO"), (DW1000Register.txTime, "TX_TIME"), (DW1000Register.drxCarInt, "DRX_CAR_INT"),
        (DW1000Register.rxpaccNosat, "RXPACC_NOSAT"), (DW1000Register.ldePpindx, "LDE_PPINDX"), (DW1000Register.otpRdat, "OTP_RDAT"),
        (DW1000Register.agcStat1, "AGC_STAT1"), (DW1000Register.accMem, "ACC_MEM"),
    ])
    func writeToReadOnly(register: DW1000Register, name: String) throws {
        let chip = ChipBench().addChip()
        let header = DW1000SPIHeader(.write, register: register)
        #expect(throws: VirtualChipError.writeToReadOnly(name: name)) {
            try chip.transfer(SPITransaction(header: header.bytes, body: .write([0])))
        }
        #expect(throws: VirtualChipError.self) {
            try chip.write(register, 0)
        }
    }

    @Test("a write that spans a read-only sub-register of a writable file names the sub-register")
    func writeSpanningReadOnlyPart() throws {
        let chip = ChipBench().addChip()
        // DRX_CONF octets 0x26–0x29: DRX_TUNE4H (RW) then DRX_CAR_INT (RO).
        #expect(throws: VirtualChipError.writeToReadOnly(name: "DRX_CAR_INT")) {
            try chip.transfer(SPITransaction(header: [0xE7, 0x26], body: .write([0x28, 0x00, 0x01])))
        }
    }

    @Test("reserved register files are typed errors naming the file, for reads and writes", arguments: [
        UInt8(0x02), 0x05, 0x07, 0x0B, 0x16, 0x1B, 0x1C, 0x20, 0x22, 0x29, 0x30, 0x35, 0x37, 0x3F,
    ])
    func reservedFiles(file: UInt8) throws {
        let chip = ChipBench().addChip()
        #expect(throws: VirtualChipError.unmodelledRegister(file: file, subIndex: 0)) {
            try chip.transfer(SPITransaction(header: [file], body: .read(count: 4)))
        }
        #expect(throws: VirtualChipError.unmodelledRegister(file: file, subIndex: 3)) {
            try chip.transfer(SPITransaction(header: [0xC0 | file, 0x03], body: .write([0xAD])))
        }
    }

    @Test("gaps between LDE_IF's sub-registers are errors naming LDE_IF")
    func sparseFileGaps() throws {
        let chip = ChipBench().addChip()
        // 0x0806 is LDE_CFG1 (1 octet); 0x0807 is not a register.
        let gap = try DW1000SPIHeader(.write, file: 0x2E, subIndex: 0x0807)
        #expect(throws: VirtualChipError.outsideRegister(name: "LDE_IF", subIndex: 0x0807, length: 1)) {
            try chip.transfer(SPITransaction(header: gap.bytes, body: .write([0])))
        }
        // LDE_CFG1 is exactly one octet: a 2-octet write runs into the gap.
        #expect(throws: VirtualChipError.outsideRegister(name: "LDE_IF", subIndex: 0x0806, length: 2)) {
            try chip.writeOctets(.ldeCfg1, [0x6D, 0x00])
        }
        let between = try DW1000SPIHeader(.read, file: 0x2E, subIndex: 0x1400)
        #expect(throws: VirtualChipError.outsideRegister(name: "LDE_IF", subIndex: 0x1400, length: 2)) {
            try chip.transfer(SPITransaction(header: between.bytes, body: .read(count: 2)))
        }
        // The documented sub-registers around the gaps work.
        try chip.writeOctets(.ldeCfg1, [0x6D])
        try chip.write(.ldeRxantd, 0x4050)
        #expect(try chip.read(.ldeCfg1) == 0x6D)
        #expect(try chip.read(.ldeRxantd) == 0x4050)
    }

    @Test("accesses past a file's end are errors naming the file")
    func pastTheEnd() throws {
        let chip = ChipBench().addChip()
        #expect(throws: VirtualChipError.outsideRegister(name: "DEV_ID", subIndex: 0, length: 5)) {
            try chip.transfer(SPITransaction(header: [0x00], body: .read(count: 5)))
        }
        #expect(throws: VirtualChipError.outsideRegister(name: "PANADR", subIndex: 2, length: 3)) {
            try chip.transfer(SPITransaction(header: [0xC3, 0x02], body: .write([1, 2, 3])))
        }
        #expect(throws: VirtualChipError.outsideRegister(name: "TX_BUFFER", subIndex: 1020, length: 8)) {
            try chip.transfer(SPITransaction(
                header: DW1000SPIHeader(.write, file: 0x09, subIndex: 1020).bytes, body: .write([UInt8](repeating: 0, count: 8))))
        }
    }

    @Test("an error leaves the chip unchanged and usable")
    func usableAfterError() throws {
        let chip = ChipBench().addChip()
        try chip.write(.panadr, 0x1234_5678)
        #expect(throws: VirtualChipError.self) {
            try chip.transfer(SPITransaction(header: [0xC3, 0x02], body: .write([1, 2, 3])))
        }
        #expect(throws: VirtualChipError.self) {
            try chip.write(.devId, 0)
        }
        #expect(try chip.read(.panadr) == 0x1234_5678)
        #expect(try chip.read(.devId) == 0xDECA_0130)
        try chip.write(.panadr, 0xCAFE_0001)
        #expect(try chip.read(.panadr) == 0xCAFE_0001)
    }

    @Test("the board bus passes a refusal on as a transfer failure that names the register")
    func busReportsRegister() throws {
        let chip = ChipBench().addChip()
        let bus = VirtualBoardBus(chips: [chip])
        do {
            _ = try bus.transfer(SPITransaction(header: DW1000SPIHeader(.write, register: .sysTime).bytes, body: .write([0])), on: try ChipSelect(0))
            Issue.record("a write to SYS_TIME was accepted")
        } catch {
            #expect("\(error)".contains("SYS_TIME"))
        }
        #expect(try bus.transfer(SPITransaction(header: [0x00], body: .read(count: 4)), on: try ChipSelect(0)) == [0x30, 0x01, 0xCA, 0xDE])
    }

    @Test("a malformed header is a typed error")
    func malformedHeader() {
        let chip = ChipBench().addChip()
        #expect(throws: VirtualChipError.self) {
            try chip.transfer(SPITransaction(header: [], body: .read(count: 1)))
        }
        #expect(throws: VirtualChipError.self) {
            try chip.transfer(SPITransaction(header: [0x40], body: .read(count: 1)))
        }
    }
}
