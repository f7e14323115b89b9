import UWBCore

/// How a chip accumulated the last frame it kept: the channel, where the straight line's arrival fell
/// between taps, the carrier phase, the noise's seed, the room for symbols and the leading-edge detector.
/// The accumulator and the chip's reading of it are pure functions of these, so the chip keeps these few
/// values rather than the reading's taps, and works the accumulation out again, to the same values, when
/// something asks for it: a read of ACC_MEM or the CIR memory, ``VirtualRadio/lastPreambleReading`` and
/// ``VirtualRadio/lastReceivedAccumulator``.
///
/// A class rather than a struct: the chip keeps it until its next reception, and keeping a reference is one
/// store into the chip where a copy is several of its cache lines, cold by then in a room of many chips.
final class LastAccumulation {
    /// The channel the frame came through.
    let channel: ChannelLookup
    /// How many seconds early an early-path attacker's copy arrived; zero without one.
    let advance: Double
    /// When the frame's RMARKER reached the antenna.
    let rmarker: SimulationTime
    /// The chip family's accumulator, and the symbols the frame left room for.
    let format: AccumulatorFormat
    let symbols: AccumulationRoom
    /// Where the straight line's arrival fell between two taps (0 ..< 1).
    let subTap: Double
    /// The carrier phase the direct path showed.
    let phase: Double
    /// The seed of the reception's noise.
    let noiseSeed: UInt64
    /// The leading-edge detection the chip ran.
    let detector: LeadingEdgeDetector

    /// The accumulation of a frame through `channel` (with an attacker's copy `advance` seconds early if
    /// above zero) whose RMARKER reached the antenna at `rmarker`, as `format` accumulates it with room for
    /// `symbols`, the straight line's arrival `subTap` past a tap, its direct path at `phase`, its noise
    /// from `noiseSeed`, read by `detector`.
    init(
        channel: ChannelLookup, advance: Double, rmarker: SimulationTime, format: AccumulatorFormat,
        symbols: AccumulationRoom, subTap: Double, phase: Double, noiseSeed: UInt64, detector: LeadingEdgeDetector
    ) {
        self.channel = channel
        self.advance = advance
        self.rmarker = rmarker
        self.format = format
        self.symbols = symbols
        self.subTap = subTap
        self.phase = phase
        self.noiseSeed = noiseSeed
        self.detector = detector
    }

    /// The accumulator as the reception worked it out: the response as the medium keeps it (the paths
    /// near the first), with the attacker's copy.
    var accumulator: PreambleAccumulator {
        PreambleAccumulator(
            format: format, response: withEarlyCopy(channel.response()), level: channel.pathLevel, subTap: subTap,
            phase: phase, symbols: symbols, noiseSeed: noiseSeed)
    }

    /// What the chip read off the accumulator, worked out again.
    var reading: PreambleReading {
        PreambleReading(accumulator: accumulator, detector: detector)
    }

    /// The whole accumulator: every path of the response, the same levels, symbols and noise.
    var whole: PreambleAccumulator {
        accumulator.replacingResponse(withEarlyCopy(channel.response(whole: true)))
    }

    /// `response` with the attacker's copy, if there was one.
    private func withEarlyCopy(_ response: ChannelResponse) -> ChannelResponse {
        advance > 0 ? response.withEarlyCopy(advance: advance) : response
    }
}
