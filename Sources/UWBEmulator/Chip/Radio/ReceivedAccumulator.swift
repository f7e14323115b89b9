import UWBCore

/// The preamble accumulator of the last frame a chip kept, whole, with what the chip read off it: for
/// tools that show a chip's channel impulse response (the emulator service's page) without reading it
/// over SPI, which would change what the chip's own driver reads next.
public struct ReceivedAccumulator: Sendable {
    /// When the frame's RMARKER reached the chip's antenna.
    public let rmarker: SimulationTime
    /// The whole accumulator: every path of the channel (the late ones too), the noise the reception had.
    public let accumulator: PreambleAccumulator
    /// What the chip read off the accumulator for the frame: the leading edge its detection found
    /// (``PreambleReading/edge``), its noise estimate, its levels and the symbols it accumulated.
    public let reading: PreambleReading
}

extension VirtualRadio {
    /// The last frame the chip kept, as its whole preamble accumulator with the chip's reading of it and
    /// the instant its RMARKER arrived; nil until the chip keeps a frame. Worked out afresh on every call
    /// (the accumulator's taps are worked out only when asked for: ``PreambleAccumulator/taps(in:)``);
    /// reading it changes nothing in the chip or the run. Not thread-safe: call it where the chip's
    /// simulator runs, or while it stands still.
    public final var lastReceivedAccumulator: ReceivedAccumulator? {
        guard let last = lastAccumulation else { return nil }
        return ReceivedAccumulator(rmarker: last.rmarker, accumulator: last.whole, reading: last.reading)
    }
}
