import UWBCore
import UWBEmulator

/// A pair of devices in an ``EmulatorSnapshot``: their true distance and the frames each has
/// received intact from the other so far.
public struct SnapshotLink: Hashable, Sendable {
    /// The first device's index in ``EmulatorSnapshot/devices`` (the lower of the two).
    public var first: Int
    /// The second device's index.
    public var second: Int
    /// The true distance between their first antennas, from the emulator's ground truth.
    public var trueDistance: Distance
    /// Frames the second device received intact from the first, since the world began.
    public var framesToSecond: Int
    /// Frames the first device received intact from the second, since the world began.
    public var framesToFirst: Int

    /// A link with the given properties.
    public init(first: Int, second: Int, trueDistance: Distance, framesToSecond: Int, framesToFirst: Int) {
        self.first = first
        self.second = second
        self.trueDistance = trueDistance
        self.framesToSecond = framesToSecond
        self.framesToFirst = framesToFirst
    }

    /// Frames received over the link both ways.
    public var frames: Int { framesToSecond + framesToFirst }
}
