import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: soft reset, OTP reads and the LDE load (UM §2.5.5, §6.3, §7.2.46, §7.2.50)")
struct ResetAndOTPTests {
    @Test("SOFTRESET (PMSC_CTRL0 octet 3 = 0x00 then 0xF0) brings registers back to their reset values")
    func softReset() throws {
        let bench = ChipBench()
        let chip = bench.addChip(hardware: ChipBench.hardware(eui: 0x1122_3344_5566_7788))
        try chip.program(.ranging)
        try chip.write(.panadr, 0xCAFE_0001)
        try chip.write(.eui, 0)
        try chip.write(.sysMask, DW1000Register.SysStatus.cplock.mask)
        try chip.write(.txAntd, 16_456)
        try chip.writeOctets(.ldeCfg1, [0x6D])
        try chip.write(.otpCtrl, DW1000Register.OtpCtrl.ldeload.mask)
        #expect(chip.interruptAsserted)
        try chip.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(50))
        #expect(chip.isListening)

        // DRV: SYSCLKS = XTI, then octet 3 = 0x00, then 0xF0.
        try chip.writeOctets(.pmscCtrl0, [0x01])
        try chip.writeOctets(.pmscCtrl0, offset: 3, [0x00])
        try chip.writeOctets(.pmscCtrl0, offset: 3, [0xF0])
        #expect(try chip.read(.panadr) == 0xFFFF_FFFF)
        #expect(try chip.read(.sysCfg) == 0x0000_1200)
        #expect(try chip.read(.txFctrl) == 0x00_0015_400C)
        #expect(try chip.read(.sysMask) == 0)
        #expect(try chip.read(.txAntd) == 0)
        #expect(try chip.read(.ldeCfg1) == 0x6C)
        #expect(try chip.read(.pmscCtrl0) == 0xF030_0200)
        #expect(try chip.read(.eui) == 0x1122_3344_5566_7788)
        #expect(!chip.interruptAsserted)
        #expect(!chip.isListening)
        // The LDE code is gone with the reset: a frame now gives RXDFR without LDEDONE.
        #expect(!chip.leadingEdgeCodeLoaded)
    }

    @Test("RX-only reset (octet 3 = 0xE0 then 0xF0) stops the receiver and keeps the configuration")
    func receiverReset() throws {
        let bench = ChipBench()
        let chip = bench.addChip()
        try chip.write(.panadr, 0xCAFE_0001)
        try Self.enableTimeout(chip)
        try chip.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(50))
        #expect(chip.isListening)
        try chip.writeOctets(.pmscCtrl0, offset: 3, [0xE0])
        #expect(!chip.isListening)
        try chip.writeOctets(.pmscCtrl0, offset: 3, [0xF0])
        #expect(try chip.read(.panadr) == 0xCAFE_0001)
        #expect(try chip.read(.pmscCtrl0) == 0xF030_0200)
        // Its pending frame-wait timeout went with it.
        bench.run(for: .milliseconds(5))
        #expect(!(try chip.has(DW1000Register.SysStatus.rxrfto)))
    }

    static func enableTimeout(_ chip: VirtualDW1000) throws {
        try chip.write(.sysCfg, try chip.read(.sysCfg) | DW1000Register.SysCfg.rxwtoe.mask)
        try chip.write(.rxFwto, 1_000)
    }

    /// DRV `_dwt_otpread`: OTP_ADDR = address; OTP_CTRL = 0x0003; OTP_CTRL = 0x0000; read OTP_RDAT.
    static func otpRead(_ chip: VirtualDW1000, _ address: UInt64) throws -> UInt64 {
        try chip.write(.otpAddr, address)
        try chip.write(.otpCtrl, 0x0003)
        try chip.write(.otpCtrl, 0x0000)
        return try chip.read(.otpRdat)
    }

    @Test("OTP words 0x000–0x001 hold the EUI and 0x01E bits 4:0 the crystal trim")
    func otpRead() throws {
        let chip = ChipBench().addChip(hardware: ChipBench.hardware(eui: 0x0011_2233_4455_6677, crystalTrim: 0x13))
        #expect(try Self.otpRead(chip, 0x000) == 0x4455_6677)
        #expect(try Self.otpRead(chip, 0x001) == 0x0011_2233)
        #expect(try Self.otpRead(chip, 0x01E) & 0x1F == 0x13)
        #expect(try Self.otpRead(chip, 0x004) == 0)
    }

    @Test("an unprogrammed trim reads 0 in OTP 0x01E")
    func otpUnprogrammedTrim() throws {
        let chip = ChipBench().addChip(hardware: ChipBench.hardware(crystalTrim: 0))
        #expect(try Self.otpRead(chip, 0x01E) & 0x1F == 0)
    }

    @Test("LDELOAD (OTP_CTRL bit 15) and OTPREAD (bit 1) clear themselves")
    func selfClearingOTPBits() throws {
        let chip = ChipBench().addChip()
        try chip.writeOctets(.pmscCtrl0, [0x01, 0x03])
        try chip.write(.otpCtrl, 0x8000)
        #expect(try chip.read(.otpCtrl) == 0)
        #expect(chip.leadingEdgeCodeLoaded)
        try chip.writeOctets(.pmscCtrl0, [0x00, 0x02])
        try chip.write(.otpCtrl, 0x0003)
        #expect(try chip.read(.otpCtrl) & 0x0002 == 0)
    }

    @Test("RSTn through the board bus resets the chip")
    func hardReset() throws {
        let chip = ChipBench().addChip()
        try chip.write(.panadr, 0x1234_5678)
        try VirtualBoardBus(chips: [chip]).reset(try ChipSelect(0))
        #expect(try chip.read(.panadr) == 0xFFFF_FFFF)
    }
}
