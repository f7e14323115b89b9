import UWBCore

/// One frame's accumulator from a log, with what the chip that logged it reported about it: the input of
/// `uwb cir detect` and the first-path benchmark (``CIRLog``).
public struct LoggedAccumulator: Hashable, Sendable {
    /// The line the frame starts on, from 1.
    public let line: Int
    /// The taps, in accumulator order from ``firstSampleIndex``.
    public let samples: [ImpulseResponseSample]
    /// The accumulator index of the first sample.
    public let firstSampleIndex: Int
    /// The pulse repetition frequency the frame was received at.
    public let pulseRepetitionFrequency: PulseRepetitionFrequency
    /// How many preamble symbols the chip accumulated (RXPACC).
    public let preambleSymbols: Int
    /// What the chip itself read off this accumulator.
    public let chip: ChipFirstPathReport

    /// A logged accumulator with the given values.
    public init(
        line: Int, samples: [ImpulseResponseSample], firstSampleIndex: Int, pulseRepetitionFrequency: PulseRepetitionFrequency,
        preambleSymbols: Int, chip: ChipFirstPathReport
    ) {
        self.line = line
        self.samples = samples
        self.firstSampleIndex = firstSampleIndex
        self.pulseRepetitionFrequency = pulseRepetitionFrequency
        self.preambleSymbols = preambleSymbols
        self.chip = chip
    }
}
