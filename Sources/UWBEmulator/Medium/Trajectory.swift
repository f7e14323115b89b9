import UWBCore

/// Where a device is over time: standing still, or walking from waypoint to waypoint at given
/// speeds, optionally looping back to its start.
public struct Trajectory: Hashable, Sendable {
    /// One leg of the path: from the previous point to `target` at `speed`.
    public struct Leg: Hashable, Sendable {
        /// Where the leg ends.
        public let target: Position
        /// How fast the device moves along it (positive).
        public let speed: Speed

        /// A leg to `target` at `speed`.
        public init(target: Position, speed: Speed) {
            self.target = target
            self.speed = speed
        }
    }

    /// Where the device is at time zero.
    public let start: Position
    /// The legs walked in order.
    public let legs: [Leg]
    /// Whether the device walks back to `start` (at the first leg's speed) and repeats.
    public let loops: Bool

    private let segments: [(from: Position, to: Position, seconds: Double)]
    private let period: Double

    /// A trajectory; legs with a non-positive or non-finite speed are treated as instantaneous.
    public init(start: Position, legs: [Leg] = [], loops: Bool = false) {
        self.start = start
        self.legs = legs
        self.loops = loops
        var segments: [(from: Position, to: Position, seconds: Double)] = []
        var previous = start
        for leg in legs {
            segments.append((previous, leg.target, Self.seconds(from: previous, to: leg.target, speed: leg.speed)))
            previous = leg.target
        }
        if loops, let first = legs.first {
            segments.append((previous, start, Self.seconds(from: previous, to: start, speed: first.speed)))
        }
        self.segments = segments
        self.period = segments.reduce(0) { $0 + $1.seconds }
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
        lhs.start == rhs.start && lhs.legs == rhs.legs && lhs.loops == rhs.loops
    }

    /// Hashes the definition.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(legs)
        hasher.combine(loops)
    }
}
