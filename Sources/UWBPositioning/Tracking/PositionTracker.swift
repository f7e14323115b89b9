import UWBCore

/// A tag's track through its fixes: a Kalman filter of position and velocity with random
/// accelerations of standard deviation ``acceleration`` (the discrete white-noise acceleration
/// model, Bar-Shalom, Li and Kirubarajan, *Estimation with Applications to Tracking and
/// Navigation*, 2001, §6.3.3), weighing each fix by its covariance.
///
/// A fix that disagrees with the prediction beyond the chi-square distribution's 99.9 % point is
/// left out (an NLOS or multipath fix the solver could not see through); after ``reacquisition``
/// such fixes in a row the tag has truly gone elsewhere, and the track starts again from the fix.
/// A fix that is taken but disagrees beyond the 95 % point starts a manoeuvre (a turn, a stop): it
/// updates a prediction made with ``manoeuvreScale`` times the acceleration, so the track bends
/// within a few fixes instead of running on past the corner (the adjustable process noise of the
/// same book, §11.2). The gate itself always uses the tag's own acceleration, so a manoeuvre never
/// lets an outlier in.
public struct PositionTracker: Sendable {
    /// The standard deviation of the tag's acceleration: about 1 m/s² for a walking person,
    /// 2 m/s² for a forklift braking.
    public let acceleration: Acceleration
    /// How many times ``acceleration`` a manoeuvre allows; 1 never manoeuvres.
    public let manoeuvreScale: Double
    /// Fixes left out in a row after which the track restarts from the next: 3.
    public static let reacquisition = 3
    /// The manoeuvre scale of a tracker that is not given one: 10 (about 1 g for a tag of 1 m/s²,
    /// a forklift turning into an aisle at speed).
    public static let defaultManoeuvreScale = 10.0

    /// The track, once started: position and velocity, and their covariance in blocks.
    private var track: Track?
    private var lastTime = Duration.zero
    private var gatedInARow = 0

    /// A track's state, in 2-D or 3-D (the third coordinate 0 in 2-D), and its covariance
    /// [[A, B], [Bᵀ, C]]: A the position's, B position against velocity, C the velocity's. H picks
    /// the position and F adds `t` times the velocity to it, so the filter's products reduce to
    /// these blocks (the same equations as on the whole matrices).
    private struct Track {
        var position: SIMD3<Double>
        var velocity: SIMD3<Double>
        var a: SquareBlock
        var b: SquareBlock
        var c: SquareBlock
        var dimensions: Int { a.size }
    }

    /// A tracker for a tag accelerating with standard deviation `acceleration`, and up to
    /// `manoeuvreScale` times that in a manoeuvre.
    public init(acceleration: Acceleration, manoeuvreScale: Double = PositionTracker.defaultManoeuvreScale) {
        self.acceleration = acceleration
        self.manoeuvreScale = manoeuvreScale
    }

    /// The track after `fix`, made at `time` (any monotonic clock; the first fix starts it).
    public mutating func update(with fix: PositionFix, at time: Duration) -> TrackedPosition {
        let dimensions = fix.covariance.count == 9 ? 3 : 2
        let measured = Self.coordinates(of: fix.position, dimensions: dimensions)
        let noise = SquareBlock(size: dimensions, values: fix.covariance)
        guard let previous = track, previous.dimensions == dimensions, time >= lastTime else {
            return start(at: measured, noise: noise, time: time, fix: fix)
        }
        let seconds = (time - lastTime).secondsValue
        lastTime = time
        var predicted = predict(previous, over: seconds, scale: 1)
        guard var innovation = Self.innovation(measured, noise: noise, predicted) else {
            return start(at: measured, noise: noise, time: time, fix: fix)
        }
        if innovation.distance > ChiSquarePoint.outlier.value(degreesOfFreedom: dimensions) {
            gatedInARow += 1
            if gatedInARow >= Self.reacquisition {
                return start(at: measured, noise: noise, time: time, fix: fix)
            }
            track = predicted
            return Self.tracked(predicted, fix: fix, outcome: .gated)
        }
        if innovation.distance > ChiSquarePoint.manoeuvre.value(degreesOfFreedom: dimensions), manoeuvreScale != 1 {
            predicted = predict(previous, over: seconds, scale: manoeuvreScale)
            guard let again = Self.innovation(measured, noise: noise, predicted) else {
                return start(at: measured, noise: noise, time: time, fix: fix)
            }
            innovation = again
        }
        gatedInARow = 0
        // The gain K = [A; Bᵀ]·S⁻¹, in its position and velocity parts.
        let gainPosition = predicted.a * innovation.inverse
        let gainVelocity = predicted.b.transposed * innovation.inverse
        // Joseph's form, (I − KH)·P·(I − KH)ᵀ + K·R·Kᵀ, which stays symmetric and positive definite:
        // I − KH = [[M, 0], [N, I]] with M = I − K_p and N = −K_v.
        let m = SquareBlock.identity(size: dimensions) - gainPosition
        let n = -1 * gainVelocity
        let (mT, nT) = (m.transposed, n.transposed)
        let noisePosition = noise * gainPosition.transposed
        let noiseVelocity = noise * gainVelocity.transposed
        let updated = Track(
            position: predicted.position + gainPosition * innovation.innovation,
            velocity: predicted.velocity + gainVelocity * innovation.innovation,
            a: m * predicted.a * mT + gainPosition * noisePosition,
            b: m * predicted.a * nT + m * predicted.b + gainPosition * noiseVelocity,
            c: (n * predicted.a + predicted.b.transposed) * nT + n * predicted.b + predicted.c + gainVelocity * noiseVelocity)
        track = updated
        return Self.tracked(updated, fix: fix, outcome: .updated)
    }

    /// Where the track expects the tag at `time`, with the tag's own acceleration (as the gate
    /// does), for the solver to check a fix against; nil before the track starts, or for a time
    /// before its last fix.
    public func prediction(at time: Duration) -> PositionPrior? {
        guard let track, time >= lastTime else { return nil }
        let predicted = predict(track, over: (time - lastTime).secondsValue, scale: 1)
        let position = Self.vector(predicted.position, dimensions: predicted.dimensions, height: 0)
        return PositionPrior(position: Position(metres: position), covariance: predicted.a.values)
    }

    /// The innovation of `measured` (covariance `noise`) against the prediction, the inverse of its
    /// covariance S = A + R and its squared Mahalanobis distance; `nil` if S is singular.
    private static func innovation(
        _ measured: SIMD3<Double>, noise: SquareBlock, _ predicted: Track
    ) -> (innovation: SIMD3<Double>, inverse: SquareBlock, distance: Double)? {
        let innovation = measured - predicted.position
        guard let inverse = (predicted.a + noise).symmetricInverse else { return nil }
        return (innovation, inverse, inverse.quadraticForm(innovation))
    }

    /// Starts the track at `measured`, at rest give or take ``startingSpeedDeviation``.
    private mutating func start(at measured: SIMD3<Double>, noise: SquareBlock, time: Duration, fix: PositionFix) -> TrackedPosition {
        let dimensions = noise.size
        let started = Track(
            position: measured, velocity: SIMD3(), a: noise, b: .zero(size: dimensions),
            c: .identity(size: dimensions, scale: Self.startingSpeedDeviation * Self.startingSpeedDeviation))
        track = started
        lastTime = time
        gatedInARow = 0
        return Self.tracked(started, fix: fix, outcome: .started)
    }

    /// How fast a tag may be going when its track starts, one standard deviation: 2 m/s, a brisk
    /// walk or a slow vehicle.
    static let startingSpeedDeviation = 2.0

    /// The track `seconds` later, with `scale` times the tag's acceleration: F·P·Fᵀ + Q, whose blocks
    /// are A + t·(B + Bᵀ) + t²·C, B + t·C and C, plus the white-noise acceleration's t⁴/4, t³/2 and
    /// t² times its variance on every axis.
    private func predict(_ track: Track, over seconds: Double, scale: Double) -> Track {
        let deviation = acceleration.metresPerSecondSquared * scale
        let variance = deviation * deviation
        let (t2, t3, t4) = (seconds * seconds, seconds * seconds * seconds, seconds * seconds * seconds * seconds)
        let size = track.dimensions
        return Track(
            position: track.position + seconds * track.velocity, velocity: track.velocity,
            a: track.a + seconds * (track.b + track.b.transposed) + t2 * track.c + .identity(size: size, scale: variance * t4 / 4),
            b: track.b + seconds * track.c + .identity(size: size, scale: variance * t3 / 2),
            c: track.c + .identity(size: size, scale: variance * t2))
    }

    /// The position, velocity and covariance of `track`, at the fix's height in 2-D.
    private static func tracked(_ track: Track, fix: PositionFix, outcome: TrackedPosition.Outcome) -> TrackedPosition {
        let position = vector(track.position, dimensions: track.dimensions, height: fix.position.metres.y)
        let velocity = vector(track.velocity, dimensions: track.dimensions, height: 0)
        return TrackedPosition(
            position: Position(metres: position), velocity: Velocity(metresPerSecond: velocity), covariance: track.a.values, outcome: outcome)
    }

    /// The vector a track's `coordinates` stand for: x, y and z in 3-D; x and z in 2-D, with y `height`.
    private static func vector(_ coordinates: SIMD3<Double>, dimensions: Int, height: Double) -> Vector3 {
        dimensions == 3
            ? Vector3(x: coordinates[0], y: coordinates[1], z: coordinates[2]) : Vector3(x: coordinates[0], y: height, z: coordinates[1])
    }

    /// The fix's coordinates the covariance is about: x and z in 2-D (the third element 0), x, y
    /// and z in 3-D.
    private static func coordinates(of position: Position, dimensions: Int) -> SIMD3<Double> {
        let point = position.metres
        return dimensions == 3 ? SIMD3(point.x, point.y, point.z) : SIMD3(point.x, point.z, 0)
    }
}
