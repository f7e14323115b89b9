import UWBCore

/// The box a room's contents fill, with a border: where the devices start, the waypoints they walk
/// to and the obstacles, grown by ``border`` on every side. A top view draws it, and the emulator
/// service's page lets devices move only inside it.
public struct RoomExtent: Hashable, Sendable {
    /// The border left round the contents.
    public static let border = Distance(metres: 0.5)

    /// The corner with the smallest coordinates.
    public let minimum: Position
    /// The corner with the largest coordinates.
    public let maximum: Position

    /// The extent of devices that follow `trajectories` among `obstacles`; a room with nothing in it
    /// is the border round the origin.
    public init(trajectories: [Trajectory], obstacles: [Obstacle]) {
        var points = trajectories.flatMap { [$0.start] + $0.waypoints.map(\.position) }
        points += obstacles.flatMap { [$0.minimum, $0.maximum] }
        if points.isEmpty {
            points = [.origin]
        }
        let border = Self.border.metres
        let xs = points.map(\.metres.x), ys = points.map(\.metres.y), zs = points.map(\.metres.z)
        minimum = Position(metres: Vector3(
            x: (xs.min() ?? 0) - border, y: (ys.min() ?? 0) - border, z: (zs.min() ?? 0) - border))
        maximum = Position(metres: Vector3(
            x: (xs.max() ?? 0) + border, y: (ys.max() ?? 0) + border, z: (zs.max() ?? 0) + border))
    }

    /// Whether `position` lies inside the extent, its faces included.
    public func contains(_ position: Position) -> Bool {
        position.lies(between: minimum, and: maximum)
    }
}
