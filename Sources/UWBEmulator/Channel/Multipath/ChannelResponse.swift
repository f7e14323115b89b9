/// A link's impulse response at one instant and one frequency, as its receiver's antenna gets it: the paths'
/// delays after the straight line's light time and their complex amplitudes relative to the link's
/// path-loss level (so |a|² = 1 is a path as strong as the whole channel would be without obstacles).
///
/// Paths that arrive within ``mergeSpan`` of one another are one path here (no receiver tells them apart);
/// those later than ``keptSpan`` after the first or ``trailSpan`` after the strongest are summed into
/// ``latePower`` only, unless the response was worked out whole (for a read of the whole accumulator).
public struct ChannelResponse: Hashable, Sendable {
    /// The paths' delays in seconds, earliest first.
    public let delays: [Double]
    /// The paths' amplitudes, real parts.
    public let real: [Double]
    /// The paths' amplitudes, imaginary parts.
    public let imaginary: [Double]
    /// When the direct path arrives, in seconds after the straight line's light time (its delay through
    /// obstacles); nil when no direct path comes through (metal).
    public let directDelay: Double?
    /// The power of the paths dropped beyond ``keptSpan``, as a share like |a|².
    public let latePower: Double
    /// The total power of the response, as a share like |a|².
    public let power: Double
    /// The strongest path's index in ``delays``, and its power; 0 and 0 with no path.
    public let strongest: Int
    public let strongestPower: Double

    /// Paths closer than this are merged: an eighth of a nanosecond.
    public static let mergeSpan = 0.125e-9
    /// Paths later than this after the first kept path are only counted in ``latePower``: 128 ns, more than
    /// any leading-edge search reaches back from its peak [D].
    public static let keptSpan = 128e-9
    /// Paths later than this after the strongest kept path are only counted in ``latePower``: 16 taps, past
    /// the taps a reception works out (``PreambleAccumulator/leadOut`` after the strongest) and the reach of
    /// a path's pulse back into them (``ReceiverPulse/support``) [D: a kept response then holds tens of paths,
    /// not hundreds].
    public static let trailSpan = 16 * AccumulatorFormat.tapSpacing

    /// A response from its parts.
    public init(delays: [Double], real: [Double], imaginary: [Double], directDelay: Double?, latePower: Double) {
        self.delays = delays
        self.real = real
        self.imaginary = imaginary
        self.directDelay = directDelay
        self.latePower = latePower
        var sum = latePower
        var strongest = 0
        var strongestPower = 0.0
        for index in delays.indices {
            let power = real[index] * real[index] + imaginary[index] * imaginary[index]
            sum += power
            if power > strongestPower {
                strongest = index
                strongestPower = power
            }
        }
        power = sum
        self.strongest = strongest
        self.strongestPower = strongestPower
    }
}
