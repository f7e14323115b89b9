import Foundation
import Testing
import UWBCore

@testable import uwb

@Suite("Numbers with fixed decimals")
struct FixedDecimalTextTests {
    @Test("as C's printf: the exact binary value rounded, halves to even, signs, and numbers longer than the first buffer")
    func literal() {
        #expect(FixedDecimalText.text(3.0465, decimals: 3) == "3.046")  // 3.04649999… in binary
        #expect(FixedDecimalText.text(0.125, decimals: 2) == "0.12")  // exactly half: to even
        #expect(FixedDecimalText.text(0.375, decimals: 2) == "0.38")
        #expect(FixedDecimalText.text(2.675, decimals: 2) == "2.67")  // 2.67499999… in binary
        #expect(FixedDecimalText.text(-0.0001, decimals: 3) == "-0.000")
        #expect(FixedDecimalText.text(-12.5, decimals: 0) == "-12")
        #expect(FixedDecimalText.text(7, decimals: -1) == "7")
        let huge = FixedDecimalText.text(1e300, decimals: 4)
        #expect(huge == "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.0000")
    }

    @Test("the same text as String(format:) for every count of decimals the commands print")
    func sameAsFoundation() {
        var generator = SeededRandom(seed: 1)
        for index in 0..<20_000 {
            // Numbers of every size the commands print, and eighths, whose halves are exact in binary.
            let scaled = index % 2 == 0
                ? Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -6...6, using: &generator)))
                : Double(Int.random(in: -8_000...8_000, using: &generator)) / 8
            for decimals in [0, 1, 2, 3, 4, 5, 6, 8, 12, 20] {
                #expect(FixedDecimalText.text(scaled, decimals: decimals) == String(format: "%.\(decimals)f", scaled))
            }
        }
    }
}
