import DW1000Driver
import Testing
@testable import UWBEmulator

@Suite("Virtual DW1000: register files stored in the order of a reception and in pieces")
struct RegisterStorageTests {
    @Test("LDE_IF, stored as its runs of registers, answers where the map puts them, and zero between them")
    func filesInPieces() throws {
        #expect(RegisterFile.storage.pieces[Int(DW1000Register.ldeIf.file)].count > 1)
        let chip = ChipBench().addChip()
        try chip.write(.ldeCfg2, 0x1607)
        try chip.write(.ldeRepc, 0x2804)
        #expect(try chip.read(.ldeCfg2) == 0x1607)
        #expect(try chip.read(.ldeRepc) == 0x2804)
        #expect(try chip.read(.ldeCfg1) == 0x6C)
        // A read across LDE_RXANTD and LDE_CFG2, then the octets of the whole file.
        #expect(try chip.readOctets(.ldeRxantd, count: 4) == [0, 0, 0x07, 0x16])
        let whole = chip.registers.read(file: DW1000Register.ldeIf.file, offset: 0, count: DW1000Register.ldeIf.length)
        let cfg2 = Int(DW1000Register.ldeCfg2.offset)
        let repc = Int(DW1000Register.ldeRepc.offset)
        #expect(Array(whole[cfg2..<(cfg2 + 2)]) == [0x07, 0x16])
        #expect(Array(whole[repc..<(repc + 2)]) == [0x04, 0x28])
        #expect(whole[Int(DW1000Register.ldeCfg1.offset)] == 0x6C)
        let total = whole.reduce(0) { $0 + Int($1) }
        let written: Int = 0x07 + 0x16 + 0x04 + 0x28 + 0x6C
        #expect(total == written)
    }

    @Test("every file's octets are stored once, apart from every other file's")
    func storageDoesNotOverlap() {
        var owner = [Int?](repeating: nil, count: RegisterFile.storage.length)
        for (id, layout) in RegisterFile.layouts.enumerated() {
            guard let layout else { continue }
            for offset in 0..<layout.length {
                guard let position = RegisterFile.position(file: id, offset: offset) else { continue }
                #expect(owner[position] == nil)
                owner[position] = id
            }
        }
        #expect(!owner.contains(nil))
    }
}
