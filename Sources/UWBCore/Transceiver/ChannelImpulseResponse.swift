/// A channel impulse response (CIR) read from a radio's accumulator after a reception: what
/// ``Transceiver/readChannelImpulseResponse(_:samples:)`` returns.
///
/// The samples are consecutive taps of the accumulator, ``sampleSpacing`` apart, starting at tap
/// ``firstSampleIndex``; the accumulator spans one preamble symbol (``accumulatorLength`` taps).
/// The chip's leading-edge detection placed the first path at ``firstPathIndex``, in the same tap
/// numbering, where the driver has it.
public struct ChannelImpulseResponse: Hashable, Sendable {
    /// The accumulator the samples come from.
    public var accumulator: ImpulseResponseAccumulator

    /// The index, in the accumulator, of the first of ``samples``.
    public var firstSampleIndex: Int

    /// The samples read, in accumulator order.
    public var samples: [ImpulseResponseSample]

    /// How many valid taps the accumulator has in the configuration it was read in (a DW1000's:
    /// 992 at 16 MHz PRF, 1016 at 64 MHz).
    public var accumulatorLength: Int

    /// The time between two taps: 64 device ticks (1.0016 ns, half a period of 499.2 MHz) on the
    /// DW1000 and DW3000.
    public var sampleSpacing: DeviceDuration

    /// Where the chip's leading-edge detection put the first path, in taps from the accumulator's
    /// start (with its fraction); `nil` when the driver does not read it for this accumulator.
    public var firstPathIndex: Double?

    /// How many symbols the chip accumulated (RXPACC on a DW1000, IP_DIAG_12 on a DW3000);
    /// `nil` when the driver does not read it for this accumulator.
    public var accumulatedSymbols: Int?

    /// A channel impulse response with the given samples and description.
    public init(
        accumulator: ImpulseResponseAccumulator, firstSampleIndex: Int, samples: [ImpulseResponseSample],
        accumulatorLength: Int, sampleSpacing: DeviceDuration, firstPathIndex: Double?, accumulatedSymbols: Int?
    ) {
        self.accumulator = accumulator
        self.firstSampleIndex = firstSampleIndex
        self.samples = samples
        self.accumulatorLength = accumulatorLength
        self.sampleSpacing = sampleSpacing
        self.firstPathIndex = firstPathIndex
        self.accumulatedSymbols = accumulatedSymbols
    }

    /// The accumulator indices of ``samples``.
    public var sampleIndices: Range<Int> { firstSampleIndex..<(firstSampleIndex + samples.count) }

    /// The sample at accumulator index `index`, or `nil` if it was not read.
    public func sample(at index: Int) -> ImpulseResponseSample? {
        sampleIndices.contains(index) ? samples[index - firstSampleIndex] : nil
    }
}
