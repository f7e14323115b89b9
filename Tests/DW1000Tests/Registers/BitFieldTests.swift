import DW1000Driver
import Testing
import UWBCore

@Suite struct BitFieldTests {
    @Test func maskCoversTheFieldBits() {
        #expect(DW1000Register.SysStatus.rxfcg.mask == 0x4000)
        #expect(DW1000Register.ChanCtrl.rxPcode.mask == 0xF800_0000)
        #expect(DW1000Register.RxFqual.cirPwr.mask == 0xFFFF_0000_0000_0000)
        #expect(DW1000Register.RxFqual.cirPwr.maxValue == 0xFFFF)
    }

    @Test func valueExtractsAndShiftsDown() {
        #expect(DW1000Register.RxFinfo.rxpacc.value(in: 0xABC0_0000) == 0xABC)
        #expect(DW1000Register.RxFqual.cirPwr.value(in: 0x1234_0000_0000_0000) == 0x1234)
        #expect(DW1000Register.SysStatus.txpute.value(in: 1 << 34) == 1)
    }

    @Test func insertingReplacesOnlyTheField() throws {
        let word: UInt64 = 0xFFFF_FFFF
        #expect(try DW1000Register.ChanCtrl.txChan.inserting(2, into: word) == 0xFFFF_FFF2)
        #expect(try DW1000Register.RxFqual.cirPwr.inserting(0xFFFF, into: 0) == 0xFFFF_0000_0000_0000)
    }

    @Test func insertingAValueTooWideThrows() {
        #expect(throws: BitFieldError.valueTooWide(field: "TX_CHAN", value: 16, width: 4)) {
            try DW1000Register.ChanCtrl.txChan.inserting(16, into: 0)
        }
        let error = BitFieldError.valueTooWide(field: "TX_CHAN", value: 16, width: 4)
        #expect(error.description.contains("at most 15"))
    }
}
