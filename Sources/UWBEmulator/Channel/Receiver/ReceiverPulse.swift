import Foundation

/// The shape a single path leaves in a chip's accumulator: the UWB pulse after the receiver's filter, a
/// raised-cosine pulse p(t) = sinc(t/T)·cos(πβt/T)/(1 − (2βt/T)²), peak 1 at t = 0, fitted to the DW1000's
/// measured accumulators (`Docs/reference/measured-channels.md`) [D]:
/// - roll-off β = 1: its precursors stay within 2.4 % of the peak, as the measured ones do (1–3 % of the
///   peak one to four taps before the first path; IEEE 802.15.4's reference shape, β = 0.5, rings at 12 %
///   and would set off the leading-edge detection there);
/// - T = 2.86 ns, which puts the point at half the peak 1.43 taps before it (the measured first path sits at
///   0.51 of its pulse's peak, 1.44 taps before it, p10–p90 1.12–2.24).
///
/// Tabulated every 1/64 of an accumulator tap and read with linear interpolation; zero beyond ``support``
/// taps either side.
struct ReceiverPulse: Sendable {
    /// The raised cosine's roll-off β.
    static let rollOff = 1.0
    /// The pulse duration T in seconds.
    static let duration = 2.86e-9
    /// How far either side of its peak the pulse is kept, in taps: beyond six taps it is below 0.5 % [D].
    static let support = 6.0
    /// Table steps per tap.
    static let stepsPerTap = 64

    /// The table, from −``support`` to +``support`` taps.
    private let values: [Double]
    /// The table read once per tap, as ``add(real:imaginary:at:to:range:)`` reads it: row `s` holds, for
    /// `k` in 0 ..< ``samplesPerRow``, the value at step `s + k·stepsPerTap`, so that the samples of one
    /// path lie side by side.
    private let rowValues: [Double]
    /// Beside each of ``rowValues``, the table's rise from that step to the next.
    private let rowRises: [Double]
    /// The samples a path's pulse gives within the table: one per tap of its ±``support``.
    static let samplesPerRow = 2 * Int(support)
    /// The energy of the pulse sampled once per tap, averaged over where the samples fall: Σ p(k − ε)²,
    /// which is what a single path of unit amplitude puts into the accumulator.
    let sampledEnergy: Double

    /// The pulse for a chip whose taps are `tapSpacing` seconds apart.
    init(tapSpacing: Double) {
        let steps = Int(Self.support) * Self.stepsPerTap
        let table = (-steps...steps).map { step in
            Self.shape(Double(step) / Double(Self.stepsPerTap) * tapSpacing)
        }
        values = table
        sampledEnergy = Self.meanSampledEnergy(table)
        let rows = (0..<Self.stepsPerTap).flatMap { start in
            (0..<Self.samplesPerRow).map { sample in start + sample * Self.stepsPerTap }
        }
        rowValues = rows.map { table[$0] }
        rowRises = rows.map { table[$0 + 1] - table[$0] }
    }

    /// The pulse `offset` taps from its peak.
    @inline(__always)
    func value(atTaps offset: Double) -> Double {
        Self.interpolate(values, atTaps: offset)
    }

    /// Adds a path of complex amplitude (`real`, `imaginary`) whose pulse peaks at tap `position` (with its
    /// fraction) to the taps `range` holds, `taps.real[0]` being tap `range.lowerBound`: the pulse read once
    /// per tap, every ``stepsPerTap`` table steps from where it starts. Both buffers hold `range.count` taps;
    /// the ones written lie within `range`, so within the buffers.
    @inline(__always)
    func add(
        real: Double, imaginary: Double, at position: Double,
        to taps: (real: UnsafeMutableBufferPointer<Double>, imaginary: UnsafeMutableBufferPointer<Double>), range: Range<Int>
    ) {
        let first = max(range.lowerBound, (position - Self.support).integerCeiling)
        let last = min(range.upperBound - 1, (position + Self.support).integerFloor)
        guard first <= last else { return }
        let start = (Double(first) - position + Self.support) * Double(Self.stepsPerTap)
        let step = Int(start)
        let fraction = start - Double(step)
        // The row of the step's place within a tap holds its samples side by side (``rowValues``), less
        // those of the taps already past; they end at the table's last step, as the pulse does.
        let (skipped, row) = step.quotientAndRemainder(dividingBy: Self.stepsPerTap)
        let count = min(last - first + 1, Self.samplesPerRow - skipped)
        guard count > 0 else { return }
        let sample = row * Self.samplesPerRow + skipped
        let offset = first - range.lowerBound
        // Rows and taps are read through their buffers without overflow checks: every index lies within
        // its row and every tap within the buffers, so neither check could fail.
        rowValues.withUnsafeBufferPointer { values in
            rowRises.withUnsafeBufferPointer { rises in
                for index in 0..<count {
                    let shape = values[sample &+ index] + rises[sample &+ index] * fraction
                    taps.real[offset &+ index] += real * shape
                    taps.imaginary[offset &+ index] += imaginary * shape
                }
            }
        }
    }

    /// The tabulated pulse `values` read `offset` taps from its peak.
    @inline(__always)
    private static func interpolate(_ values: [Double], atTaps offset: Double) -> Double {
        let position = (offset + Self.support) * Double(Self.stepsPerTap)
        guard position >= 0, position < Double(values.count - 1) else { return 0 }
        let lower = Int(position)
        let fraction = position - Double(lower)
        return values[lower] + (values[lower + 1] - values[lower]) * fraction
    }

    /// Σ p(k − ε)² of the tabulated pulse `values` averaged over 16 offsets ε within a tap.
    private static func meanSampledEnergy(_ values: [Double]) -> Double {
        var sum = 0.0
        let phases = 16
        for phase in 0..<phases {
            let epsilon = Double(phase) / Double(phases)
            for tap in -Int(Self.support)...Int(Self.support) {
                let value = interpolate(values, atTaps: Double(tap) - epsilon)
                sum += value * value
            }
        }
        return sum / Double(phases)
    }

    /// The raised cosine at `time` seconds from its peak.
    static func shape(_ time: Double) -> Double {
        let x = time / duration
        let sinc = x == 0 ? 1 : Foundation.sin(Double.pi * x) / (Double.pi * x)
        let denominator = 1 - (2 * rollOff * x) * (2 * rollOff * x)
        // At |t| = T/(2β) both factors vanish; the limit is (π/4)·sinc(1/(2β)).
        guard abs(denominator) > 1e-9 else { return Double.pi / 4 * Foundation.sin(Double.pi / (2 * rollOff)) / (Double.pi / (2 * rollOff)) }
        return sinc * Foundation.cos(Double.pi * rollOff * x) / denominator
    }
}
