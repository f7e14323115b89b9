import UWBCore
import UWBEmulator

/// The channel impulse response (CIR) of the last frame one chip of one device kept: the magnitudes
/// of its preamble accumulator's taps over a window around the first path, with what the chip read off
/// it (its leading edge, threshold, noise and levels). ``EmulatorService/lastImpulseResponse(device:chip:)``
/// gives it; the room's page draws it.
///
/// The taps are the whole accumulator's (every path of the channel, the reception's noise), as a read
/// of ACC_MEM would give them, worked out without a read over SPI.
public struct ChipImpulseResponse: Hashable, Sendable {
    /// Taps kept before the first path's tap.
    public static let tapsBefore = 16
    /// Taps kept from the first path's tap on (the window is ``tapsBefore`` + this long, within the accumulator).
    public static let tapsAfter = 112

    /// The device's index in the room (the plan's order).
    public var device: Int
    /// The chip's index on the device's board.
    public var chip: Int
    /// When the frame's RMARKER reached the chip's antenna.
    public var time: SimulationTime
    /// The time between two taps (the format's tap spacing, 64 device ticks, about 1.0016 ns).
    public var samplePeriod: Duration
    /// The accumulator index of the first tap of ``magnitudes``.
    public var firstTap: Int
    /// The taps' magnitudes, √(re² + im²), in accumulator units, from ``firstTap`` on.
    public var magnitudes: [Double]
    /// The first path the chip's leading-edge detection found: an accumulator index with its fraction
    /// (FP_INDEX / 64 on the DW1000).
    public var firstPath: Double
    /// The accumulator index of the strongest tap the detection saw.
    public var peak: Int
    /// The threshold the first path crossed (LDE_THRESH on the DW1000), in accumulator units.
    public var threshold: Double
    /// The chip's estimate of the noise's standard deviation (STD_NOISE), in accumulator units.
    public var noise: Double
    /// The received level the chip's formula gives for the frame.
    public var receivedLevel: PowerLevel
    /// The first-path level the chip's formula gives for the frame.
    public var firstPathLevel: PowerLevel
    /// The preamble symbols accumulated (RXPACC).
    public var accumulated: Int

    /// A response with the given properties.
    public init(
        device: Int, chip: Int, time: SimulationTime, samplePeriod: Duration, firstTap: Int, magnitudes: [Double],
        firstPath: Double, peak: Int, threshold: Double, noise: Double, receivedLevel: PowerLevel,
        firstPathLevel: PowerLevel, accumulated: Int
    ) {
        self.device = device
        self.chip = chip
        self.time = time
        self.samplePeriod = samplePeriod
        self.firstTap = firstTap
        self.magnitudes = magnitudes
        self.firstPath = firstPath
        self.peak = peak
        self.threshold = threshold
        self.noise = noise
        self.receivedLevel = receivedLevel
        self.firstPathLevel = firstPathLevel
        self.accumulated = accumulated
    }

    /// The response of chip `chip` of device `device` whose last kept frame is `received`: the taps from
    /// ``tapsBefore`` before the first path's to ``tapsAfter`` after it, within the accumulator.
    public init(device: Int, chip: Int, received: ReceivedAccumulator) {
        let reading = received.reading
        let accumulator = received.accumulator
        let count = max(0, accumulator.format.sampleCount)
        // The first path's tap, kept within the accumulator (a detection always finds one there).
        let edge = reading.edge.index.isFinite ? reading.edge.index : accumulator.straightLineIndex
        let firstPathTap = Int(min(max(edge.isFinite ? edge : 0, 0), Double(count)).rounded(.down))
        let lower = min(max(0, firstPathTap - Self.tapsBefore), max(0, count - 1))
        let window = lower..<min(count, max(lower, firstPathTap + Self.tapsAfter))
        let (real, imaginary) = accumulator.taps(in: window)
        self.init(
            device: device, chip: chip, time: received.rmarker, samplePeriod: .seconds(AccumulatorFormat.tapSpacing),
            firstTap: window.lowerBound, magnitudes: zip(real, imaginary).map { ($0 * $0 + $1 * $1).squareRoot() },
            firstPath: reading.edge.index, peak: reading.edge.peakIndex, threshold: reading.edge.threshold,
            noise: reading.noise, receivedLevel: reading.receivedLevel, firstPathLevel: reading.firstPathLevel,
            accumulated: accumulator.accumulated)
    }
}
