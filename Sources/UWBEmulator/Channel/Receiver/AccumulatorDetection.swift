import Foundation
import UWBCore

/// What a chip reads off a whole accumulator it logged, worked out again offline: its noise, the first path
/// its leading-edge detection finds (the virtual chip's own ``LeadingEdgeDetector``), the magnitudes after it
/// (FP_AMPL1–3), the channel power (CIR_PWR before the register's width) and the received and first-path
/// levels by the user manual's formulas. `uwb cir detect` and the first-path benchmark run it on logged
/// accumulators of real chips (`Docs/reference/measured-channels.md` §8).
///
/// The noise is the spread of the taps before the signal (``noiseTaps(count:peak:)``), as the chip's
/// STD_NOISE estimates it; the detection and FP_AMPL1–3 take the magnitudes as the chip approximates them
/// (``LeadingEdgeDetector/magnitude(real:imaginary:)``); the channel power sums the taps' true squared
/// magnitudes from the first path's on (``ReceiverCalibration/channelPowerTaps``), less the noise's share.
public struct AccumulatorDetection: Sendable {
    /// The noise's standard deviation per part of a tap.
    public let noise: Double
    /// The first path, its index counted in the accumulator (the samples' first is `firstIndex`).
    public let edge: LeadingEdge
    /// The magnitudes of the three taps after the first path's, as the detection takes them
    /// (``LeadingEdgeDetector/magnitude(real:imaginary:)``).
    public let firstPathAmplitudes: (Double, Double, Double)
    /// The channel power as the received-level formula takes it.
    public let channelPower: Double
    /// The received level (RX level, RSL).
    public let receivedLevel: PowerLevel
    /// The first-path level (FP level, FSL).
    public let firstPathLevel: PowerLevel

    /// Runs `detector` on the accumulator whose taps `firstIndex`, `firstIndex + 1`, … hold `samples`, after
    /// `symbols` accumulated (RXPACC as the chip counted it), in `format`.
    ///
    /// - Throws: ``AccumulatorDetectionError`` when no preamble symbol is counted or too few taps lie before
    ///   the strongest to estimate the noise from.
    public init(
        samples: [ImpulseResponseSample], firstIndex: Int, symbols: Int, format: AccumulatorFormat, detector: LeadingEdgeDetector
    ) throws(AccumulatorDetectionError) {
        guard symbols > 0 else { throw .noSymbols(symbols) }
        let magnitudes = samples.map { LeadingEdgeDetector.magnitude(real: Double($0.real), imaginary: Double($0.imaginary)) }
        guard let peak = magnitudes.indices.max(by: { magnitudes[$0] < magnitudes[$1] }) else {
            throw .tooFewNoiseTaps(available: 0, needed: Self.minimumNoiseTaps)
        }
        let noiseRange = Self.noiseTaps(count: magnitudes.count, peak: peak)
        guard noiseRange.count >= Self.minimumNoiseTaps else {
            throw .tooFewNoiseTaps(available: noiseRange.count, needed: Self.minimumNoiseTaps)
        }
        noise = Self.deviation(samples[noiseRange])
        // The detector finds an edge in every accumulator that has a tap, which the noise check above ensured.
        guard let edge = detector.detect(magnitudes: magnitudes, first: firstIndex, noise: noise, accumulated: symbols) else {
            throw .tooFewNoiseTaps(available: 0, needed: Self.minimumNoiseTaps)
        }
        self.edge = edge
        let index = edge.index - Double(firstIndex)
        firstPathAmplitudes = LeadingEdge.amplitudes(after: index, in: magnitudes)
        let start = max(0, Int(index.rounded(.down)))
        let end = min(magnitudes.count, start + ReceiverCalibration.channelPowerTaps)
        let energy = samples[start..<end].reduce(0) { $0 + $1.magnitude * $1.magnitude }
        channelPower = max(0, energy - 2 * noise * noise * Double(end - start)) / format.impulsePowerScale
        receivedLevel = format.receivedLevel(channelPower: channelPower, symbols: symbols)
        firstPathLevel = format.firstPathLevel(amplitudes: firstPathAmplitudes, symbols: symbols)
    }

    /// The fewest taps the noise is estimated from.
    public static let minimumNoiseTaps = 64
    /// Taps kept clear between the noise's and the strongest tap: more than any first path precedes its
    /// peak in the measured accumulators (p99 of the strongest tap's lead: 13 taps) [D].
    public static let noiseGuardTaps = 32

    /// The taps the noise is estimated from: the first ``ReceiverCalibration/noiseEstimateTaps`` of the
    /// samples, ending ``noiseGuardTaps`` before the strongest (`peak`) at the latest.
    public static func noiseTaps(count: Int, peak: Int) -> Range<Int> {
        0..<max(0, min(count, ReceiverCalibration.noiseEstimateTaps, peak - noiseGuardTaps))
    }

    /// The standard deviation per part of `samples`: √((s²_re + s²_im)/2), each part's about its own mean.
    static func deviation(_ samples: ArraySlice<ImpulseResponseSample>) -> Double {
        let count = Double(samples.count)
        guard count > 1 else { return 0 }
        let meanReal = samples.reduce(0) { $0 + Double($1.real) } / count
        let meanImaginary = samples.reduce(0) { $0 + Double($1.imaginary) } / count
        let squares = samples.reduce(0) { sum, sample in
            let real = Double(sample.real) - meanReal
            let imaginary = Double(sample.imaginary) - meanImaginary
            return sum + real * real + imaginary * imaginary
        }
        return (squares / (2 * (count - 1))).squareRoot()
    }
}
