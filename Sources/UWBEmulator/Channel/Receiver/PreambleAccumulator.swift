import Foundation
import UWBCore

/// A chip accumulating a frame's preamble into its channel impulse response, as the user manuals describe it
/// (DW1000 UM §4.1.7, §7.2.38, §7.2.40.12; `Docs/reference/channel-and-receiver.md` §2): each path of the
/// link's response leaves the receiver's pulse at its delay, scaled so that the manual's level formulas give
/// back its power; the sum grows with every preamble symbol accumulated until the preamble ends or a tap would
/// outgrow ``AccumulatorFormat/componentLimit`` (RXPACC counts the symbols, RXPACC_NOSAT those the preamble
/// had room for), and the receiver's noise grows with their square root.
///
/// Only the taps the leading-edge detection needs are worked out for a frame (``window``); the whole
/// accumulator, noise included, is worked out again when software reads it (``taps(in:)``).
public struct PreambleAccumulator: Sendable {
    /// The chip family's accumulator.
    public let format: AccumulatorFormat
    /// The link's response.
    public let response: ChannelResponse
    /// The tap, with its fraction, at which a path arriving with the straight line's light time lands.
    public let straightLineIndex: Double
    /// The symbols counted (RXPACC) and those the reception had room for (RXPACC_NOSAT).
    public let accumulated: Int
    public let unsaturated: Int
    /// The symbols that added to the accumulator: RXPACC less the SFD's when accumulation ran to the end.
    public let effective: Int
    /// The standard deviation of the accumulated noise, per part of a tap.
    public let noiseDeviation: Double
    /// The accumulated value a unit path leaves at the peak of its pulse.
    let amplitude: Double
    /// The carrier phase the direct path shows.
    let phase: Double
    /// The reception's noise.
    let noise: AccumulatorNoise

    /// The accumulator of a frame whose paths are `response`, a unit path arriving at `level`, the straight
    /// line's arrival `subTap` (0 ..< 1) past a tap of the chip's grid, its carrier at `phase`, with room for
    /// `symbols`, its noise from `noiseSeed`.
    public init(
        format: AccumulatorFormat, response: ChannelResponse, level: PowerLevel, subTap: Double, phase: Double,
        symbols: AccumulationRoom, noiseSeed: UInt64
    ) {
        self.format = format
        self.response = response
        self.phase = phase
        straightLineIndex = format.firstPathBase + subTap
        let pulse = ReceiverPulse.shared
        // Per symbol, a unit path's taps hold Σ p² · s² = 10^((level + A)/10): the first-path formula's scale.
        let perSymbol = (Foundation.pow(10, (level.dBm + format.powerConstant) / 10) / pulse.sampledEnergy).squareRoot()
        let strongest = response.strongestPower.squareRoot()
        let room = max(1, symbols.preamble)
        // Accumulation stops before the strongest tap's part passes the limit [D: the strongest path's
        // peak bounds the strongest tap within the paths that overlap it].
        let peakPerSymbol = perSymbol * strongest
        let saturating = peakPerSymbol > 0 ? Int(format.componentLimit / peakPerSymbol) : room
        unsaturated = room + symbols.delimiter
        if saturating < room {
            accumulated = max(1, saturating)
            effective = accumulated
        } else {
            accumulated = unsaturated
            effective = room
        }
        amplitude = perSymbol * Double(effective)
        let received = PowerLevel(dBm: level.dBm + 10 * Foundation.log10(max(response.power, 1e-30)))
        let noiseLevel = ReceiverCalibration.noiseLevel(receivedLevel: received)
        let noisePerSymbol = (Foundation.pow(10, (noiseLevel.dBm + format.powerConstant) / 10) / 2).squareRoot()
        noiseDeviation = noisePerSymbol * Double(effective).squareRoot()
        noise = AccumulatorNoise(random: CounterRandom(seed: noiseSeed), deviation: noiseDeviation)
    }

    /// The same accumulation of another response of the same link (the whole of it): the same level,
    /// symbols, phase and noise.
    public func replacingResponse(_ other: ChannelResponse) -> PreambleAccumulator {
        PreambleAccumulator(copying: self, response: other)
    }

    private init(copying other: PreambleAccumulator, response: ChannelResponse) {
        format = other.format
        self.response = response
        straightLineIndex = other.straightLineIndex
        accumulated = other.accumulated
        unsaturated = other.unsaturated
        effective = other.effective
        noiseDeviation = other.noiseDeviation
        amplitude = other.amplitude
        phase = other.phase
        noise = other.noise
    }

    /// How far before a clean path's arrival the leading-edge detection puts it, in taps, the same wherever
    /// the path falls between taps (``EdgeFractionCorrection``): the chip's antenna-delay calibration absorbs
    /// it, so a timestamp is the detected first path less it [D: a single path of the receiver pulse, the
    /// threshold a fifth of its peak, averaged over its places between taps].
    public static let referenceLead = EdgeFractionCorrection.meanLead

    /// The taps the leading-edge detection needs: from ``leadIn`` taps before the earliest path to
    /// ``leadOut`` after the strongest, within the accumulator.
    public var window: Range<Int> {
        guard let firstDelay = response.delays.first else {
            let index = Int(straightLineIndex)
            return max(0, index - Self.leadIn)..<min(format.sampleCount, index + Self.leadOut)
        }
        let strongest = response.strongest
        let start = Int((straightLineIndex + firstDelay / AccumulatorFormat.tapSpacing).rounded(.down)) - Self.leadIn
        let end = Int((straightLineIndex + response.delays[strongest] / AccumulatorFormat.tapSpacing).rounded(.up)) + Self.leadOut
        let lower = min(max(0, start), format.sampleCount - 1)
        return lower..<min(format.sampleCount, max(end, lower + 1))
    }

    /// Taps kept before the earliest path: enough for the pulse's rise and the search's start.
    public static let leadIn = 12
    /// Taps kept after the strongest path: its pulse and the peak's neighbours.
    public static let leadOut = 8

    /// The accumulated taps in `range`, noise included, as real and imaginary parts.
    public func taps(in range: Range<Int>) -> (real: [Double], imaginary: [Double]) {
        var real = [Double](zeros: range.count)
        var imaginary = [Double](zeros: range.count)
        real.withUnsafeMutableBufferPointer { real in
            imaginary.withUnsafeMutableBufferPointer { imaginary in
                addTaps(in: range, to: (real, imaginary))
            }
        }
        return (real, imaginary)
    }

    /// Adds the accumulated taps in `range`, noise included, to `taps` (each holding `range.count` values,
    /// zeros for the taps alone): ``taps(in:)`` without its arrays, for a reading that keeps none.
    func addTaps(
        in range: Range<Int>, to taps: (real: UnsafeMutableBufferPointer<Double>, imaginary: UnsafeMutableBufferPointer<Double>)
    ) {
        let pulse = ReceiverPulse.shared
        let (turnCos, turnSin) = (Foundation.cos(phase), Foundation.sin(phase))
        for path in response.delays.indices {
            let position = straightLineIndex + response.delays[path] / AccumulatorFormat.tapSpacing
            // The delays are sorted: no later path reaches the range either.
            if position - ReceiverPulse.support > Double(range.upperBound) { break }
            // The path's amplitude turned by the carrier phase.
            pulse.add(
                real: (response.real[path] * turnCos - response.imaginary[path] * turnSin) * amplitude,
                imaginary: (response.real[path] * turnSin + response.imaginary[path] * turnCos) * amplitude,
                at: position, to: taps, range: range)
        }
        noise.add(to: taps, from: range.lowerBound)
    }

    /// The power, as a share like |a|², of the paths that land at tap `index` or later, and of those
    /// dropped from the response as late.
    func powerBeyond(_ index: Int) -> Double {
        var power = response.latePower
        // The delays are sorted: count back from the last until one lands before the tap.
        for path in response.delays.indices.reversed() {
            guard straightLineIndex + response.delays[path] / AccumulatorFormat.tapSpacing >= Double(index) else { break }
            power += response.real[path] * response.real[path] + response.imaginary[path] * response.imaginary[path]
        }
        return power
    }

    /// The chip's estimate of the noise's standard deviation (STD_NOISE): the spread of
    /// ``ReceiverCalibration/noiseEstimateTaps`` noise taps, drawn from its sampling law
    /// σ·√(χ²₂ₙ/2n) ≈ σ·(1 + z/(2√n)) [D].
    public var estimatedNoise: Double {
        let taps = Double(ReceiverCalibration.noiseEstimateTaps)
        return noiseDeviation * max(0.5, 1 + noise.standardNormal(0) / (2 * taps.squareRoot()))
    }
}

extension ReceiverPulse {
    /// The pulse on the accumulators' tap spacing.
    static let shared = ReceiverPulse(tapSpacing: AccumulatorFormat.tapSpacing)
}
