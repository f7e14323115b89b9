import UWBCore

/// A point on a device's path and the speed at which the device travels towards it.
public struct Waypoint: Hashable, Sendable {
    /// Where the device goes, in world metres.
    public var position: Position
    /// The constant speed on the straight segment that ends here; always positive.
    public var speed: Speed

    /// A waypoint reached at `speed`.
    public init(position: Position, speed: Speed) {
        self.position = position
        self.speed = speed
    }
}
