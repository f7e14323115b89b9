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

    /// The largest error of the track after an instant 90° turn at 2.8 m/s (5 s along x, then
    /// 5 s along z; fixes every 100 ms, 15 cm off, seeded) of a tracker of 1 m/s² with `scale`.
    static func peakAfterCorner(seed: UInt64, manoeuvreScale scale: Double) -> Double {
        var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 1), manoeuvreScale: scale)
        var random = SeededRandom(seed: seed)
        let (speed, deviation) = (2.8, 0.15)
        var peak = 0.0
        for step in 0..<100 {
            let t = Double(step) / 10
            let truth = t <= 5 ? Vector3(x: speed * t, y: 1, z: 0) : Vector3(x: speed * 5, y: 1, z: speed * (t - 5))
            let fix = PositionFix(
                position: Position(metres: Vector3(
                    x: truth.x + random.normal(mean: 0, standardDeviation: deviation), y: 1,
                    z: truth.z + random.normal(mean: 0, standardDeviation: deviation))),
                covariance: [deviation * deviation, 0, 0, deviation * deviation], quality: .unverified)
            let track = tracker.update(with: fix, at: .milliseconds(100 * step))
            if t > 5 { peak = max(peak, (track.position.metres - truth).length) }
        }
        return peak
    }

    @Test("a forklift at 2.8 m/s turning a corner on the spot, 50 seeds: the manoeuvring track's median peak error is below half a metre, a plain filter's above a metre")
    func corner() {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let seeds = (1...50).map(UInt64.init)
        let manoeuvring = median(seeds.map { Self.peakAfterCorner(seed: $0, manoeuvreScale: PositionTracker.defaultManoeuvreScale) })
        // A plain filter takes the turn as 1 m/s² of noise and runs on along x, about 1 m past the
        // corner three fixes on, when it gives up and starts again.
        let plain = median(seeds.map { Self.peakAfterCorner(seed: $0, manoeuvreScale: 1) })
        #expect(manoeuvring < 0.5, "manoeuvring: median peak \(manoeuvring) m")
        #expect(plain > 1, "plain: median peak \(plain) m")
    }

    @Test("at 2 fixes a second a manoeuvre lets no outlier in: a fix 2 m off is left out, as by a plain filter")
    func outlierAtLowRate() {
        for scale in [PositionTracker.defaultManoeuvreScale, 1] {
            var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 0.5), manoeuvreScale: scale)
            var random = SeededRandom(seed: 3)
            var outcomes: [TrackedPosition.Outcome] = []
            for step in 0..<21 {
                let truth = Vector3(x: 1.4 * Double(step) / 2, y: 1, z: 0)
                let off = step == 20 ? 2.0 : 0
                let fix = PositionFix(
                    position: Position(metres: Vector3(
                        x: truth.x + random.normal(mean: 0, standardDeviation: 0.15), y: 1,
                        z: truth.z + off + random.normal(mean: 0, standardDeviation: 0.15))),
                    covariance: [0.0225, 0, 0, 0.0225], quality: .unverified)
                outcomes.append(tracker.update(with: fix, at: .milliseconds(500 * step)).outcome)
            }
            #expect(outcomes.last == .gated, "scale \(scale)")
        }
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

    @Test("the prediction a fix is checked against: the track moved on by its velocity, less sure than the track; none before it starts or for a time before its last fix")
    func prediction() throws {
        var tracker = PositionTracker(acceleration: Acceleration(metresPerSecondSquared: 0.5))
        #expect(tracker.prediction(at: .zero) == nil)
        var last: TrackedPosition?
        for (time, _, fix) in Self.walk(seconds: 5) {
            last = tracker.update(with: fix, at: time)
        }
        let track = try #require(last)
        let prediction = try #require(tracker.prediction(at: .milliseconds(4_900 + 500)))
        let expected = track.position.metres.x + 0.5 * track.velocity.metresPerSecond.x
        #expect(abs(prediction.position.metres.x - expected) < 1e-9)
        #expect(
            abs(prediction.position.metres.x - 1.4 * 5.4) < 3 * prediction.covariance[0].squareRoot(),
            "the walk is at \(1.4 * 5.4) m: \(prediction.position), σ \(prediction.covariance[0].squareRoot()) m")
        #expect(prediction.covariance.count == 4)
        #expect(prediction.covariance[0] > track.covariance[0] && prediction.covariance[3] > track.covariance[3])
        #expect(tracker.prediction(at: .milliseconds(4_800)) == nil)
    }
}
