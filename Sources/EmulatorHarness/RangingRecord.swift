import UWBEmulator
import UWBRanging

/// One measurement one emulated device made of another, with the truth the emulator knows.
public struct RangingRecord: Hashable, Sendable {
    /// When the measurement was made, on the emulated world's clock.
    public var time: SimulationTime
    /// The measuring device's name.
    public var observer: String
    /// The measured device's name.
    public var peer: String
    /// The measurement.
    public var measurement: RangingMeasurement
    /// The true distance and direction at that time.
    public var truth: GroundTruth?
}
