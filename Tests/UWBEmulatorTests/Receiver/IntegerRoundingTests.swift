import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Integer roundings without the C library: the same integers as rounded(_:)")
struct IntegerRoundingTests {
    /// Halves, values just either side of them, integers, zeros and large values, both signs.
    static let edges: [Double] = [
        0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
        1, -1, 3.0000000000000004, -3.0000000000000004, 12.25, -12.75, 32_766.5, -32_766.5, 32_767.4, 32_767.5,
        -32_767.5, 32_768, -32_768.9, 131_071.5, -131_072.5, 1e9 + 0.5, -1e9 - 0.5, 4_503_599_627_370_495.5,
        Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude,
    ]

    @Test("ceiling and floor equal rounded(.up) and rounded(.down)")
    func ceilingAndFloor() {
        var random = SeededRandom(seed: 5)
        let values = Self.edges + (0..<10_000).map { _ in random.uniform(-5_000...5_000) }
        for value in values {
            #expect(value.integerCeiling == Int(value.rounded(.up)), "\(value)")
            #expect(value.integerFloor == Int(value.rounded(.down)), "\(value)")
        }
    }

    @Test("rounding within bounds equals rounded() held within them, for any value", arguments: [
        -32_767...32_767, -131_072...131_071,
    ])
    func roundedWithin(bounds: ClosedRange<Int>) {
        var random = SeededRandom(seed: 6)
        let values = Self.edges + [Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude, -1e300]
            + (0..<10_000).map { _ in random.uniform(-200_000...200_000) }
        for value in values {
            let expected = Int(max(Double(bounds.lowerBound), min(Double(bounds.upperBound), value.rounded())))
            #expect(value.roundedInteger(within: bounds) == expected, "\(value)")
        }
        #expect(Double.nan.roundedInteger(within: bounds) == bounds.upperBound)
    }
}
