import Foundation
@testable import EmulatorWeb
import Testing
import UWBCore

/// Numbers in the stream: fixed decimals, trailing zeros dropped, never `-0`, the same digits C's
/// printf gives (Foundation's `String(format:)` here, as the reference).
@Suite("Stream numbers")
struct StreamJSONNumberTests {
    /// printf's digits for `value`, trailing zeros and a bare point dropped, `-0` as `0`.
    static func reference(_ value: Double, decimals: Int) -> String {
        var digits = String(format: "%.\(decimals)f", locale: nil, value)
        if digits.contains(".") {
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return digits == "-0" ? "0" : digits
    }

    @Test("chosen values: whole, negative, tiny, rounding up into the next whole, not finite")
    func chosen() {
        let cases: [(Double, Int, String)] = [
            (3, 4, "3"), (-45.5, 2, "-45.5"), (-0.00001, 4, "0"), (0.99996, 4, "1"), (-1.99999, 4, "-2"),
            (2.5e-7, 6, "0"), (1.234567, 6, "1.234567"), (100.0001, 4, "100.0001"), (0.05, 2, "0.05"),
            (.infinity, 4, "null"), (.nan, 2, "null"), (1e20, 2, "100000000000000000000"),
        ]
        for (value, decimals, text) in cases {
            #expect(StreamJSON.number(value, decimals: decimals).text == text, "\(value) to \(decimals)")
        }
    }

    @Test("ten thousand seeded values in a room's ranges give printf's digits")
    func againstPrintf() {
        var random = SeededRandom(seed: 44)
        var differing: [String] = []
        for _ in 0..<10_000 {
            let value = (Double(random.next() % 2_000_000_000) - 1_000_000_000) / 1e6 * (random.next() % 2 == 0 ? 1 : 0.001)
            for decimals in [2, 3, 4, 6] {
                let ours = StreamJSON.number(value, decimals: decimals).text
                if ours != Self.reference(value, decimals: decimals) {
                    differing.append("\(value) to \(decimals): \(ours) against \(Self.reference(value, decimals: decimals))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }
}
