import UWBCore

/// Where a device is over time: standing still, or walking from waypoint to waypoint at given
/// speeds, optionally looping back to its start.
public struct Trajectory: Hashable, Sendable {
    /// Where the device is at time zero.
    public let start: Position
    /// The waypoints walked to in order, each at its own speed.
    public let waypoints: [Waypoint]
    /// Whether the device walks back to `start` (at the first waypoint's speed) and repeats.
    public let loops: Bool

    private let segments: [(from: Position, to: Position, seconds: Double)]
    private let period: Double

    /// A trajectory; waypoints reached at a non-positive or non-finite speed are jumped to at once.
    public init(start: Position, waypoints: [Waypoint] = [], loops: Bool = false) {
        self.start = start
        self.waypoints = waypoints
        self.loops = loops
        var segments: [(from: Position, to: Position, seconds: Double)] = []
        var previous = start
        for waypoint in waypoints {
            segments.append((previous, waypoint.position, Self.seconds(from: previous, to: waypoint.position, speed: waypoint.speed)))
            previous = waypoint.position
        }
        if loops, let first = waypoints.first {
            segments.append((previous, start, Self.seconds(from: previous, to: start, speed: first.speed)))
        }
        self.segments = segments
        self.period = segments.reduce(0) { $0 + $1.seconds }
    }

    /// A scenario device's movement: from `start` along `path`, or standing still without one.
    public init(start: Position, path: DevicePath?) {
        self.init(start: start, waypoints: path?.waypoints ?? [], loops: path?.loops ?? false)
    }

    /// A device that does not move.
    public static func standing(at position: Position) -> Trajectory {
        Trajectory(start: position)
    }

    /// The position at `time`.
    public func position(at time: SimulationTime) -> Position {
        guard period > 0 else { return segments.last?.to ?? start }
        var remaining = time.seconds
        if loops {
            remaining = remaining.truncatingRemainder(dividingBy: period)
        } else if remaining >= period {
            return segments.last?.to ?? start
        }
        for segment in segments {
            if remaining < segment.seconds, segment.seconds > 0 {
                let fraction = remaining / segment.seconds
                return Position(metres: segment.from.metres + (segment.to.metres - segment.from.metres) * fraction)
            }
            remaining -= segment.seconds
        }
        return segments.last?.to ?? start
    }

    /// Whether the device ever moves.
    public var isStationary: Bool { period == 0 }

    private static func seconds(from: Position, to: Position, speed: Speed) -> Double {
        guard speed.metresPerSecond > 0, speed.metresPerSecond.isFinite else { return 0 }
        return from.distance(to: to).metres / speed.metresPerSecond
    }

    /// Two trajectories are equal when their definitions are.
    public static func == (lhs: Trajectory, rhs: Trajectory) -> Bool {
        lhs.start == rhs.start && lhs.waypoints == rhs.waypoints && lhs.loops == rhs.loops
    }

    /// Hashes the definition.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(waypoints)
        hasher.combine(loops)
    }
}
