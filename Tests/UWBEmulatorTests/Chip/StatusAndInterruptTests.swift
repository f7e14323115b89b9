import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: SYS_STATUS write-1-to-clear and the IRQ line (UM §7.2.16–7.2.17)")
struct StatusAndInterruptTests {
    /// RXFCG, RXDFR, TXFRS, HPDWARN, IRQS and TXPUTE, set behind the SPI's back as the chip would.
    static let someEvents = DW1000Register.SysStatus.rxfcg.mask | DW1000Register.SysStatus.rxdfr.mask | DW1000Register.SysStatus.txfrs.mask

    @Test("writing 0 to SYS_STATUS changes nothing")
    func writingZero() throws {
        let chip = ChipBench().addChip()
        chip.setStatus(Self.someEvents)
        let before = try chip.status()
        try chip.write(.sysStatus, 0)
        #expect(try chip.status() == before)
    }

    @Test("writing 1 clears exactly the written latched bits")
    func writeOneToClear() throws {
        let chip = ChipBench().addChip()
        chip.setStatus(Self.someEvents)
        try chip.write(.sysStatus, DW1000Register.SysStatus.txfrs.mask)
        #expect(try chip.status() == DW1000Register.SysStatus.cplock.mask | DW1000Register.SysStatus.rxfcg.mask | DW1000Register.SysStatus.rxdfr.mask)
        // Octet 1 alone (RXFCG is bit 14, RXDFR bit 13): 0x60 at sub-index 1.
        try chip.writeOctets(.sysStatus, offset: 1, [0x60])
        #expect(try chip.status() == DW1000Register.SysStatus.cplock.mask)
    }

    @Test("read-only bits (IRQS, RXOVRR, HPDWARN, HSRBP, ICRBP, TXPUTE) are not cleared by writing 1")
    func readOnlyBitsSurvive() throws {
        let chip = ChipBench().addChip()
        let readOnly = DW1000Register.SysStatus.rxovrr.mask | DW1000Register.SysStatus.hpdwarn.mask | DW1000Register.SysStatus.hsrbp.mask
            | DW1000Register.SysStatus.icrbp.mask | DW1000Register.SysStatus.txpute.mask
        chip.setStatus(readOnly | DW1000Register.SysStatus.txfrs.mask)
        try chip.write(.sysMask, DW1000Register.SysStatus.txfrs.mask)
        #expect(try chip.has(DW1000Register.SysStatus.irqs))
        try chip.write(.sysStatus, 0xFF_FFFF_FFFF & ~DW1000Register.SysStatus.txfrs.mask)
        #expect(try chip.status() & readOnly == readOnly)
        #expect(try chip.has(DW1000Register.SysStatus.irqs))
        #expect(chip.interruptAsserted)
    }

    @Test("IRQS mirrors (SYS_STATUS & SYS_MASK) ≠ 0 and the IRQ line follows it")
    func irqsMirrorsStatusAndMask() throws {
        let bench = ChipBench()
        let chip = bench.addChip()
        #expect(!(try chip.has(DW1000Register.SysStatus.irqs)))
        // CPLOCK is set after reset: unmasking it raises the line at once.
        try chip.write(.sysMask, DW1000Register.SysStatus.cplock.mask)
        #expect(try chip.has(DW1000Register.SysStatus.irqs))
        #expect(chip.interruptAsserted)
        // Masking it again drops the line with the status bit still set.
        try chip.write(.sysMask, DW1000Register.SysStatus.rxfcg.mask)
        #expect(!(try chip.has(DW1000Register.SysStatus.irqs)))
        #expect(!chip.interruptAsserted)
        #expect(try chip.has(DW1000Register.SysStatus.cplock))
        // A masked event raises it; clearing the event drops it.
        chip.setStatus(DW1000Register.SysStatus.rxfcg.mask)
        #expect(chip.interruptAsserted)
        try chip.write(.sysStatus, DW1000Register.SysStatus.rxfcg.mask)
        #expect(!chip.interruptAsserted)
        #expect(bench.interruptChanges.map(\.asserted) == [true, false, true, false])
    }

    @Test("status bits 32–34 cannot interrupt, and SYS_MASK bit 0 (reserved) does not unmask IRQS itself")
    func highBitsDoNotInterrupt() throws {
        let chip = ChipBench().addChip()
        chip.setStatus(DW1000Register.SysStatus.rxrscs.mask | DW1000Register.SysStatus.rxprej.mask | DW1000Register.SysStatus.txpute.mask)
        try chip.write(.sysMask, 0xFFFF_FFFF & ~DW1000Register.SysStatus.cplock.mask)
        #expect(!chip.interruptAsserted)
        #expect(!(try chip.has(DW1000Register.SysStatus.irqs)))
    }

    @Test("a write to part of SYS_MASK updates the line")
    func partialMaskWrite() throws {
        let chip = ChipBench().addChip()
        chip.setStatus(DW1000Register.SysStatus.rxrfto.mask)
        // RXRFTO is bit 17: octet 2, bit 1.
        try chip.writeOctets(.sysMask, offset: 2, [0x02])
        #expect(chip.interruptAsserted)
        try chip.writeOctets(.sysMask, offset: 2, [0x00])
        #expect(!chip.interruptAsserted)
    }
}
