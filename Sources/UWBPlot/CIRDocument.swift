import UWBCore

/// A channel impulse response as `uwb cir --format json` writes it (`Docs/cir.md`): the taps a
/// chip accumulated for its last good frame, where its leading-edge detection put the first path,
/// and, from a scenario run, the emulator's truth.
public struct CIRDocument: Hashable, Sendable {
    /// The device: its scenario name, or the radio's `UWB_DEVICE` form (`emulator:NAME`, `usb:SERIAL`).
    public var device: String
    /// The chip of the device's board, from 0.
    public var chip: Int
    /// The accumulator the taps come from.
    public var accumulator: ImpulseResponseAccumulator
    /// The time between two taps, in nanoseconds (1.0016 on the DW1000 and DW3000).
    public var tapSpacingNanoseconds: Double
    /// How many valid taps the accumulator has, or `nil` when not given.
    public var accumulatorLength: Int?
    /// The accumulator index of the first of ``samples``.
    public var firstSampleIndex: Int
    /// The taps, in accumulator order.
    public var samples: [ImpulseResponseSample]
    /// Where the chip's leading-edge detection put the first path, in taps with its fraction; `nil`
    /// when the accumulator does not carry it (the STS ones).
    public var firstPathIndex: Double?
    /// How many preamble symbols the chip accumulated; `nil` when not given.
    public var preambleSymbols: Int?
    /// The emulator's truth, or `nil` for a response read off a radio.
    public var truth: CIRTruth?

    /// A document with the given values.
    public init(
        device: String, chip: Int, accumulator: ImpulseResponseAccumulator, tapSpacingNanoseconds: Double, accumulatorLength: Int?,
        firstSampleIndex: Int, samples: [ImpulseResponseSample], firstPathIndex: Double?, preambleSymbols: Int?, truth: CIRTruth?
    ) {
        self.device = device
        self.chip = chip
        self.accumulator = accumulator
        self.tapSpacingNanoseconds = tapSpacingNanoseconds
        self.accumulatorLength = accumulatorLength
        self.firstSampleIndex = firstSampleIndex
        self.samples = samples
        self.firstPathIndex = firstPathIndex
        self.preambleSymbols = preambleSymbols
        self.truth = truth
    }

    /// The accumulator indices of ``samples``.
    public var sampleIndices: Range<Int> { firstSampleIndex..<(firstSampleIndex + samples.count) }
}
