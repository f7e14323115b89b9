/// Frame counts of one emulated device over a run.
public struct DeviceStatistics: Hashable, Sendable {
    /// The device's name.
    public let name: String
    /// Frames it transmitted.
    public internal(set) var sent = 0
    /// Frames from others it received intact.
    public internal(set) var received = 0
    /// Frames from others it was listening for but lost: to noise, or, after locking onto them,
    /// to a PHY header error (``headerErrors``).
    public internal(set) var lost = 0
    /// Of the ``lost`` frames, those its chip locked onto and then ended with a PHY header error:
    /// frames of a packet configuration it does not expect, such as a DW3000's frame with an STS
    /// at a DW1000 (``ReceptionEnding/headerError``).
    public internal(set) var headerErrors = 0
    /// Frames from others spoiled at it by an overlapping frame.
    public internal(set) var collided = 0
    /// Frames from others its chip's frame filter rejected (UM §5.2): not addressed to it.
    public internal(set) var rejected = 0

    /// Zero counts for a device.
    public init(name: String) {
        self.name = name
    }
}
