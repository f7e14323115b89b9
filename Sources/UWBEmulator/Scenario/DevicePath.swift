/// A scripted movement (JSON key `path`): the device starts at its `position`, moves in straight
/// lines through each waypoint in turn, and then either stops at the last one or, with
/// ``loops``, returns to its start position (at the first waypoint's speed) and goes round again.
public struct DevicePath: Hashable, Sendable {
    /// The points to visit, at least one.
    public var waypoints: [Waypoint]
    /// Whether the device goes round the path again after the last waypoint.
    public var loops: Bool

    /// A path through `waypoints`.
    public init(waypoints: [Waypoint], loops: Bool) {
        self.waypoints = waypoints
        self.loops = loops
    }
}
