import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("ReceiverPulse: a path added to taps is the pulse read at each tap")
struct ReceiverPulseTests {
    @Test("a path's taps are the pulse at their offsets, within the kept range, and near the raised cosine")
    func pathTaps() {
        let pulse = ReceiverPulse.shared
        var random = SeededRandom(seed: 11)
        for _ in 0..<500 {
            let position = random.uniform(-4...44)
            let range = Int(random.uniform(0...10))..<Int(random.uniform(20...40))
            let (real, imaginary) = (0.75, -1.25)
            var realTaps = [Double](repeating: 0, count: range.count)
            var imaginaryTaps = [Double](repeating: 0, count: range.count)
            realTaps.withUnsafeMutableBufferPointer { realBuffer in
                imaginaryTaps.withUnsafeMutableBufferPointer { imaginaryBuffer in
                    pulse.add(real: real, imaginary: imaginary, at: position, to: (realBuffer, imaginaryBuffer), range: range)
                }
            }
            for tap in range {
                let offset = Double(tap) - position
                // Beyond the support, and at its very edge where the table ends, nothing is added.
                let inside = abs(offset) < ReceiverPulse.support
                let expected = inside ? pulse.value(atTaps: offset) : 0
                // The taps after a path's first are read a whole number of table rows on, with the first's
                // fraction: equal to a read of their own up to the rounding of their offsets.
                #expect(abs(realTaps[tap - range.lowerBound] - real * expected) < 1e-12, "tap \(tap), path at \(position)")
                #expect(abs(imaginaryTaps[tap - range.lowerBound] - imaginary * expected) < 1e-12, "tap \(tap), path at \(position)")
                // The table, read with linear interpolation every 1/64 tap, stays near the analytic pulse.
                let analytic = inside ? ReceiverPulse.shape(offset * AccumulatorFormat.tapSpacing) : 0
                #expect(abs(expected - analytic) < 1e-3, "tap \(tap), path at \(position)")
            }
        }
    }
}
