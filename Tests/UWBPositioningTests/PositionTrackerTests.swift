import Testing
import UWBCore
import UWBPositioning

@Suite("Position tracker: a constant-velocity Kalman filter over fixes")
struct PositionTrackerTests {
    /// Fixes every 100 ms of a tag walking at `speed` along x from (0, 1, 0), each off by Gaussian
    /// errors of `deviation` on x and z (seeded), with that covariance.
    static func walk(seconds: Double, speed: Double = 1.4, deviation: Double = 0.08, seed: UInt64 = 7)
        -> [(time: Duration, truth: Vector3, fix: PositionFix)]
    {
        var random = SeededRandom(seed: seed)
        return (0..<Int(seconds * 10)).map { step in
            let t = Double(step) / 10
            let truth = Vector3(x: speed * t, y: 1, z: 0)
            let measured = Vector3(
                x: truth.x + random.normal(mean: 0, standardDeviation: deviation), y: 1,
                z: truth.z + random.normal(mean: 0, standardDeviation: deviation))
            let variance = deviation * deviation
            return (.milliseconds(100 * step), truth, PositionFix(
                position: Position(metres: measured), covariance: [variance, 0, 0, variance], quality: .unverified))
        }
    }

    static func rms(_ values: [Double]) -> Double {
        (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
    }

    @Test("a steady walk: the track is closer to the truth than the fixes, its velocity the walk's, its covariance honest")
    func steadyWalk() {
        var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 0.5))
        var raw: [Double] = []
        var tracked: [Double] = []
        var inside = 0
        var last: TrackedPosition?
        for (time, truth, fix) in Self.walk(seconds: 20) {
            let track = tracker.update(with: fix, at: time)
            last = track
            guard time >= .seconds(2) else { continue }
            raw.append((fix.position.metres - truth).length)
            let error = track.position.metres - truth
            tracked.append(error.length)
            let (c, dx, dz) = (track.covariance, error.x, error.z)
            if (c[3] * dx * dx - 2 * c[1] * dx * dz + c[0] * dz * dz) / (c[0] * c[3] - c[1] * c[2]) <= 4 { inside += 1 }
        }
        #expect(Self.rms(tracked) < 0.6 * Self.rms(raw), "tracked \(Self.rms(tracked)) against raw \(Self.rms(raw))")
        #expect(Double(inside) / Double(tracked.count) >= 0.85)
        #expect(abs((last?.velocity.metresPerSecond.x ?? 0) - 1.4) < 0.2)
        #expect(last?.outcome == .updated)
    }

    @Test("a fix 2 m off is left out and the track keeps to the walk; a tag that truly moved is found again after 3 fixes")
    func outliersAndJumps() {
        var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 0.5))
        let walk = Self.walk(seconds: 6)
        for (time, _, fix) in walk.prefix(50) {
            _ = tracker.update(with: fix, at: time)
        }
        let (time, truth, fix) = walk[50]
        let wild = PositionFix(
            position: Position(metres: fix.position.metres + Vector3(x: 0, y: 0, z: 2)), covariance: fix.covariance, quality: .unverified)
        let gated = tracker.update(with: wild, at: time)
        #expect(gated.outcome == .gated)
        #expect((gated.position.metres - truth).length < 0.2)
        #expect(tracker.update(with: walk[51].fix, at: walk[51].time).outcome == .updated)
        // The tag is carried 5 m sideways: two fixes are left out, the third restarts the track there.
        var outcomes: [TrackedPosition.Outcome] = []
        for (time, _, fix) in walk[52..<55] {
            let moved = PositionFix(
                position: Position(metres: fix.position.metres + Vector3(x: 0, y: 0, z: 5)), covariance: fix.covariance, quality: .unverified)
            outcomes.append(tracker.update(with: moved, at: time).outcome)
        }
        #expect(outcomes == [.gated, .gated, .started])
    }

    @Test("a forklift at 2.8 m/s turning a corner on the spot: the track follows the turn within half a metre, where a filter of 1 m/s² alone overshoots by a metre")
    func corner() {
        var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 1))
        var random = SeededRandom(seed: 11)
        let (speed, deviation) = (2.8, 0.15)
        var afterTurn: [Double] = []
        for step in 0..<100 {
            let t = Double(step) / 10
            // 5 s along x, then 5 s along z from the corner.
            let truth = t <= 5 ? Vector3(x: speed * t, y: 1, z: 0) : Vector3(x: speed * 5, y: 1, z: speed * (t - 5))
            let fix = PositionFix(
                position: Position(metres: Vector3(
                    x: truth.x + random.normal(mean: 0, standardDeviation: deviation), y: 1,
                    z: truth.z + random.normal(mean: 0, standardDeviation: deviation))),
                covariance: [deviation * deviation, 0, 0, deviation * deviation], quality: .unverified)
            let track = tracker.update(with: fix, at: .milliseconds(100 * step))
            if t > 5 { afterTurn.append((track.position.metres - truth).length) }
        }
        // A filter that took the turn as 1 m/s² of noise carries on along x: 1 m past the corner
        // three fixes on, when it gives up and starts again. Following the turn, the track stays
        // within half a metre.
        let peak = afterTurn.max() ?? .infinity
        #expect(peak < 0.5, "peak \(peak) m")
        #expect(afterTurn.dropFirst(10).allSatisfy { $0 < 0.35 }, "\(afterTurn.dropFirst(10).max() ?? 0) m a second after the turn")
    }

    @Test("3-D fixes are tracked in 3-D, 2-D ones keep the fix's height")
    func dimensions() {
        var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 1))
        let spatial = PositionFix(
            position: Position(metres: Vector3(x: 1, y: 2, z: 3)), covariance: [0.01, 0, 0, 0, 0.01, 0, 0, 0, 0.01], quality: .unverified)
        let first = tracker.update(with: spatial, at: .zero)
        #expect(first.outcome == .started && first.covariance.count == 9 && first.position == spatial.position)
        let planar = PositionFix(position: Position(metres: Vector3(x: 1, y: 1.5, z: 3)), covariance: [0.01, 0, 0, 0.01], quality: .unverified)
        let second = tracker.update(with: planar, at: .milliseconds(100))
        #expect(second.outcome == .started && second.covariance.count == 4 && second.position.metres.y == 1.5)
    }
}
