import Foundation

/// The receiver noise of one reception's accumulator, tap by tap: complex Gaussian values read from a counter
/// stream (Box–Muller on two uniforms per tap, Box and Muller, Ann. Math. Statist. 29(2), 1958, the angle
/// picked from ``PhaseTable/fine``), each tap
/// carrying part of the one before (``ReceiverCalibration/noiseCarryOver``) as measured accumulators do, so
/// that the taps the leading-edge detection used and a later read of the whole accumulator agree without
/// the noise being kept.
struct AccumulatorNoise {
    /// The reception's noise stream.
    let random: CounterRandom
    /// The standard deviation of each of a tap's two parts.
    let deviation: Double

    /// Adds the noise of taps `first` on to `taps` (one value per tap in each part), each tap's white
    /// noise worked out once: tap k's is (w_k + c·w_(k−1))/√(1 + c²) with the white noise w of
    /// ``white(_:phases:)`` and the carry-over c, so any range of taps gets the same values.
    func add(
        to taps: (real: UnsafeMutableBufferPointer<Double>, imaginary: UnsafeMutableBufferPointer<Double>), from first: Int
    ) {
        // The constants and the phase table are fetched once, not for every tap: each is a global that
        // the loop would otherwise check is initialised at every use.
        let carry = ReceiverCalibration.noiseCarryOver
        let normaliser = Self.normaliser
        let phases = PhaseTable.fine
        var before = white(first &- 1, phases: phases)
        for offset in 0..<min(taps.real.count, taps.imaginary.count) {
            let own = white(first &+ offset, phases: phases)
            taps.real[offset] += (own.real + carry * before.real) * normaliser
            taps.imaginary[offset] += (own.imaginary + carry * before.imaginary) * normaliser
            before = own
        }
    }

    /// 1/√(1 + c²): keeps the carried noise's variance that of one tap.
    private static let normaliser = 1 / (1 + ReceiverCalibration.noiseCarryOver * ReceiverCalibration.noiseCarryOver).squareRoot()

    /// The white noise behind tap `index`, its angle picked from `phases` (``PhaseTable/fine``).
    @inline(__always)
    private func white(_ index: Int, phases: PhaseTable) -> (real: Double, imaginary: Double) {
        let base = UInt64(truncatingIfNeeded: index) &* 2
        // 1 − U lies in (0, 1], so the logarithm is finite.
        let radius = deviation * (-2 * Foundation.log(1 - random.unit(base))).squareRoot()
        let direction = phases.entry(random.bits(base &+ 1))
        return (radius * direction.cos, radius * direction.sin)
    }

    /// A standard normal value for `index` past the taps (`index` counted from an offset no tap reaches).
    func standardNormal(_ index: Int) -> Double {
        white(Int.max / 4 + index, phases: .fine).real / max(deviation, .leastNonzeroMagnitude)
    }
}
