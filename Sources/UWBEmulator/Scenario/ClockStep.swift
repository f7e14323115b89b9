import UWBCore

/// A sudden step of a device's oscillator frequency (JSON `clock.steps[i]`): at whole second
/// ``atSecond`` of the run its offset jumps to ``offset``, and any drift goes on from there.
public struct ClockStep: Hashable, Sendable {
    /// The second of the run at which the frequency jumps: 1 or later.
    public var atSecond: Int
    /// The offset from then on.
    public var offset: ClockOffset

    /// A step to `offset` at second `atSecond`.
    public init(atSecond: Int, offset: ClockOffset) {
        self.atSecond = atSecond
        self.offset = offset
    }
}
