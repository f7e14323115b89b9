import UWBCore
import UWBEmulator

/// A pair of devices in an ``EmulatorSnapshot``: their true distance, the frames each has
/// received intact from the other so far, and the latest distance each end's app measured of the
/// other.
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
    /// The latest measurement each end's app reported of the other (``SnapshotMeasurement/by``
    /// says which end): none, one or two, the first device's before the second's. Kept after the
    /// app leaves; ``SnapshotMeasurement/at`` says how old it is.
    public var measurements: [SnapshotMeasurement]

    /// A link with the given properties.
    public init(
        first: Int, second: Int, trueDistance: Distance, framesToSecond: Int, framesToFirst: Int,
        measurements: [SnapshotMeasurement] = []
    ) {
        self.first = first
        self.second = second
        self.trueDistance = trueDistance
        self.framesToSecond = framesToSecond
        self.framesToFirst = framesToFirst
        self.measurements = measurements
    }

    /// Frames received over the link both ways.
    public var frames: Int { framesToSecond + framesToFirst }

    /// The latest measurement the device at `index` (one of the two ends) reported of the other; nil if none.
    public func measurement(by index: Int) -> SnapshotMeasurement? {
        measurements.first { $0.by == index }
    }
}
