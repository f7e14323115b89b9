/// What the emulator knows about a channel impulse response that a board cannot tell: where the
/// paths really arrive and what the chip's leading-edge detection compared the taps with. A
/// response read off a real radio has none.
public struct CIRTruth: Hashable, Sendable {
    /// The tap, with its fraction, where a path along the straight line between the antennas lands:
    /// the first path's place if nothing were in the way.
    public var straightLineIndex: Double
    /// The tap, with its fraction, where the direct path lands after crossing the obstacles (later
    /// than ``straightLineIndex`` by the delay they add); `nil` when no direct path comes through,
    /// for example behind metal.
    public var directPathIndex: Double?
    /// The threshold the leading-edge detection looked for the first path with, in the taps' units;
    /// `nil` when not known.
    public var threshold: Double?
    /// The noise standard deviation per part (real or imaginary) of a tap, in the taps' units; `nil`
    /// when not known.
    public var noise: Double?

    /// The truth with the given values.
    public init(straightLineIndex: Double, directPathIndex: Double?, threshold: Double?, noise: Double?) {
        self.straightLineIndex = straightLineIndex
        self.directPathIndex = directPathIndex
        self.threshold = threshold
        self.noise = noise
    }
}
