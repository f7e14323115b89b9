import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Trajectory: legs, loops and standing still")
struct TrajectoryTests {
    static func point(_ x: Double, _ y: Double, _ z: Double) -> Position {
        Position(metres: Vector3(x: x, y: y, z: z))
    }

    static func expectClose(_ actual: Position, _ expected: Position, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.distance(to: expected).metres < 1e-9, "\(actual) ≠ \(expected)", sourceLocation: sourceLocation)
    }

    /// 0 → (4,0,0) at 2 m/s (2 s), then → (4,0,3) at 1 m/s (3 s).
    static let legs = Trajectory(start: point(0, 0, 0), waypoints: [
        Waypoint(position: point(4, 0, 0), speed: Speed(metresPerSecond: 2)),
        Waypoint(position: point(4, 0, 3), speed: Speed(metresPerSecond: 1)),
    ])

    @Test("positions along the legs at the times distance/speed gives")
    func alongLegs() {
        Self.expectClose(Self.legs.position(at: .zero), Self.point(0, 0, 0))
        Self.expectClose(Self.legs.position(at: SimulationTime(seconds: 1)), Self.point(2, 0, 0))
        Self.expectClose(Self.legs.position(at: SimulationTime(seconds: 2)), Self.point(4, 0, 0))
        Self.expectClose(Self.legs.position(at: SimulationTime(seconds: 3.5)), Self.point(4, 0, 1.5))
        Self.expectClose(Self.legs.position(at: SimulationTime(seconds: 5)), Self.point(4, 0, 3))
        Self.expectClose(Self.legs.position(at: SimulationTime(seconds: 100)), Self.point(4, 0, 3))
        #expect(!Self.legs.isStationary)
    }

    @Test("a looping path returns to its start at the first leg's speed and repeats with that period")
    func loops() {
        // 0 → (3,0,0) at 1 m/s (3 s), → (3,4,0) at 2 m/s (2 s), back 5 m at 1 m/s (5 s): period 10 s.
        let loop = Trajectory(start: Self.point(0, 0, 0), waypoints: [
            Waypoint(position: Self.point(3, 0, 0), speed: Speed(metresPerSecond: 1)),
            Waypoint(position: Self.point(3, 4, 0), speed: Speed(metresPerSecond: 2)),
        ], loops: true)
        Self.expectClose(loop.position(at: SimulationTime(seconds: 4)), Self.point(3, 2, 0))
        Self.expectClose(loop.position(at: SimulationTime(seconds: 7.5)), Self.point(1.5, 2, 0))
        Self.expectClose(loop.position(at: SimulationTime(seconds: 10)), Self.point(0, 0, 0))
        for seconds in [0.5, 3.25, 6, 9.9] {
            Self.expectClose(loop.position(at: SimulationTime(seconds: seconds + 30)), loop.position(at: SimulationTime(seconds: seconds)))
        }
    }

    @Test("standing still: the start at every time")
    func standing() {
        let still = Trajectory.standing(at: Self.point(1, 2, 3))
        #expect(still.isStationary)
        for seconds in [0.0, 1, 1_000] {
            Self.expectClose(still.position(at: SimulationTime(seconds: seconds)), Self.point(1, 2, 3))
        }
        let noPath = Trajectory(start: Self.point(1, 2, 3), path: nil)
        #expect(noPath == still)
    }

    @Test("a waypoint with zero speed is jumped to at once")
    func jump() {
        let hop = Trajectory(start: Self.point(0, 0, 0), waypoints: [
            Waypoint(position: Self.point(5, 0, 0), speed: Speed(metresPerSecond: 0)),
            Waypoint(position: Self.point(5, 0, 2), speed: Speed(metresPerSecond: 1)),
        ])
        Self.expectClose(hop.position(at: .zero), Self.point(5, 0, 0))
        Self.expectClose(hop.position(at: SimulationTime(seconds: 1)), Self.point(5, 0, 1))
    }
}
