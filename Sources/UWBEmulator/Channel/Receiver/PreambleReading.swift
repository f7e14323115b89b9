import Foundation
import UWBCore

/// What a chip reads off its accumulator at the end of a preamble: the first path found by its
/// leading-edge detection, the three magnitudes after it (FP_AMPL1–3, as the detection approximates them),
/// the channel power (CIR_PWR before the register's width), its noise estimate (STD_NOISE) and the taps it
/// looked at.
///
/// It keeps the taps' range, not their values: a chip reads every frame it keeps and software asks for
/// the taps of few, so they are worked out again, to the same values, when asked (``taps``).
public struct PreambleReading: Sendable {
    /// The accumulator it was read from.
    public let accumulator: PreambleAccumulator
    /// The taps looked at.
    public let window: Range<Int>
    /// The leading edge found (``LeadingEdgeDetector``), its index corrected to be unbiased wherever the path
    /// falls between taps (``EdgeFractionCorrection``) and scattered as the chip's is within a tap
    /// (``ReceiverCalibration/fractionJitter``); the index is the first path's tap with its fraction.
    public let edge: LeadingEdge
    /// The magnitudes of the three taps after the first path's (floor(index) + 1, + 2, + 3), as the detection
    /// takes them (``LeadingEdgeDetector/magnitude(real:imaginary:)``).
    public let firstPathAmplitudes: (Double, Double, Double)
    /// The channel power as the received-level formula takes it: Σ|tap|² (true magnitudes) over the channel
    /// less the noise's share, divided by the format's ``AccumulatorFormat/impulsePowerScale`` (measured
    /// CIR_PWR matches the noise-free sum from the first path on to −0.24 dB, IQR 0.21 dB;
    /// `Docs/reference/measured-channels.md`).
    public let impulsePower: Double
    /// The noise estimate.
    public let noise: Double

    /// The received level the chip's formula gives for this reading (``AccumulatorFormat/receivedLevel(channelPower:symbols:)``).
    public var receivedLevel: PowerLevel {
        accumulator.format.receivedLevel(channelPower: impulsePower, symbols: accumulator.effective)
    }

    /// The first-path level the chip's formula gives (``AccumulatorFormat/firstPathLevel(amplitudes:symbols:)``).
    public var firstPathLevel: PowerLevel {
        accumulator.format.firstPathLevel(amplitudes: firstPathAmplitudes, symbols: accumulator.effective)
    }

    /// The values of the taps looked at (``window``), as real and imaginary parts.
    public var taps: (real: [Double], imaginary: [Double]) {
        accumulator.taps(in: window)
    }

    /// Runs `detector` on `accumulator`.
    public init(accumulator: PreambleAccumulator, detector: LeadingEdgeDetector) {
        self.accumulator = accumulator
        let window = accumulator.window
        self.window = window
        let noise = accumulator.estimatedNoise
        self.noise = noise
        // The taps and their magnitudes live only while they are read, in scratch buffers rather than
        // arrays: a chip reads every frame it keeps, and three arrays a frame cost more than the reading.
        (edge, firstPathAmplitudes, impulsePower) = TapScratch.withZeros(count: window.count) { real, imaginary, magnitudes in
            Self.read(accumulator, window: window, detector: detector, noise: noise, taps: (real, imaginary), magnitudes: magnitudes)
        }
    }

    /// The leading edge `detector` finds in `accumulator`'s taps `window` given the noise estimate `noise`,
    /// the magnitudes after it and the channel power, the taps worked out in `taps` and their magnitudes in
    /// `magnitudes` (each of `window.count` zeros).
    private static func read(
        _ accumulator: borrowing PreambleAccumulator, window: Range<Int>, detector: LeadingEdgeDetector, noise: Double,
        taps: (real: UnsafeMutableBufferPointer<Double>, imaginary: UnsafeMutableBufferPointer<Double>),
        magnitudes: UnsafeMutableBufferPointer<Double>
    ) -> (edge: LeadingEdge, amplitudes: (Double, Double, Double), impulsePower: Double) {
        accumulator.addTaps(in: window, to: taps)
        var tapsEnergy = 0.0
        for index in magnitudes.indices {
            magnitudes[index] = LeadingEdgeDetector.magnitude(real: taps.real[index], imaginary: taps.imaginary[index])
            tapsEnergy += taps.real[index] * taps.real[index] + taps.imaginary[index] * taps.imaginary[index]
        }
        let readOnly = UnsafeBufferPointer(magnitudes)
        let found = detector.detect(magnitudes: readOnly, first: window.lowerBound, noise: noise, accumulated: accumulator.effective)
        let detected = found ?? LeadingEdge(
            index: accumulator.straightLineIndex, crossing: window.lowerBound, peakIndex: window.lowerBound, peak: 0, threshold: 0)
        // Unbiased wherever the path falls between taps (``EdgeFractionCorrection``), and scattered as the
        // chip's index is beyond what the accumulator shows (``ReceiverCalibration/fractionJitter``).
        let unbiased = found.map { EdgeFractionCorrection.corrected($0, in: accumulator) } ?? detected.index
        let edge = LeadingEdge(
            index: unbiased + ReceiverCalibration.fractionJitter * accumulator.noise.standardNormal(1),
            crossing: detected.crossing, peakIndex: detected.peakIndex, peak: detected.peak, threshold: detected.threshold)
        let amplitudes = LeadingEdge.amplitudes(after: edge.index - Double(window.lowerBound), in: readOnly)
        // Beyond the window, the paths' energy adds without their overlaps [D].
        let noiseEnergy = 2 * accumulator.noiseDeviation * accumulator.noiseDeviation * Double(magnitudes.count)
        var energy = max(tapsEnergy - noiseEnergy, 0)
        let amplitude = accumulator.amplitude
        energy += accumulator.powerBeyond(window.upperBound) * amplitude * amplitude * ReceiverPulse.shared.sampledEnergy
        return (edge, amplitudes, energy / accumulator.format.impulsePowerScale)
    }
}
