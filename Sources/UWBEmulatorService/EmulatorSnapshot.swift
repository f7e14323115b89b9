import UWBCore
import UWBEmulator

/// The emulator service's room at one instant, as an observer (`uwb emulator watch`) sees it:
/// the devices, where they are and which app drives each, every pair's true distance and traffic,
/// and the world's virtual time and speed. Copied under the world's lock in one go, so it is
/// consistent; carried by ``EmulatorReply/snapshot(_:)``.
public struct EmulatorSnapshot: Hashable, Sendable {
    /// The world's virtual time.
    public var now: SimulationTime
    /// The most virtual seconds the world runs per wall second; 0 as fast as the apps keep up
    /// (``EmulatorServiceSettings/speed``).
    public var speed: Double
    /// Whether virtual time stands still (``WorldCommand/pause``).
    public var paused: Bool
    /// The devices, in the scenario's order.
    public var devices: [SnapshotDevice]
    /// Every pair of devices, each once (first index lower), in order of the first then the second.
    public var links: [SnapshotLink]

    /// A snapshot with the given contents.
    public init(now: SimulationTime, speed: Double, paused: Bool = false, devices: [SnapshotDevice], links: [SnapshotLink]) {
        self.now = now
        self.speed = speed
        self.paused = paused
        self.devices = devices
        self.links = links
    }
}
