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

    private var state: SmallMatrix?
    private var covariance = SmallMatrix.identity(0)
    private var lastTime = Duration.zero
    private var gatedInARow = 0

    /// A tracker for a tag accelerating with standard deviation `acceleration`, and up to
    /// `manoeuvreScale` times that in a manoeuvre.
    public init(acceleration: Acceleration, manoeuvreScale: Double = PositionTracker.defaultManoeuvreScale) {
        self.acceleration = acceleration
        self.manoeuvreScale = manoeuvreScale
    }

    /// The track after `fix`, made at `time` (any monotonic clock; the first fix starts it).
    public mutating func update(with fix: PositionFix, at time: Duration) -> TrackedPosition {
        let dimensions = fix.covariance.count == 9 ? 3 : 2
        let measured = SmallMatrix(rows: dimensions, columns: 1, values: Self.coordinates(of: fix.position, dimensions: dimensions))
        let noise = SmallMatrix(rows: dimensions, columns: dimensions, values: fix.covariance)
        guard let previous = state, previous.rows == 2 * dimensions, time >= lastTime else {
            return start(at: measured, noise: noise, time: time, fix: fix)
        }
        let seconds = (time - lastTime).secondsValue
        lastTime = time
        let observation = dimensions == 3 ? Self.spatialObservation : Self.planarObservation
        var (predicted, predictedCovariance) = predict(previous, covariance, over: seconds, dimensions: dimensions, scale: 1)
        guard let first = Self.innovation(measured, noise: noise, predicted, predictedCovariance, observation) else {
            return start(at: measured, noise: noise, time: time, fix: fix)
        }
        var (innovation, inverse) = (first.innovation, first.inverse)
        if first.distance > ChiSquarePoint.outlier.value(degreesOfFreedom: dimensions) {
            gatedInARow += 1
            if gatedInARow >= Self.reacquisition {
                return start(at: measured, noise: noise, time: time, fix: fix)
            }
            state = predicted
            covariance = predictedCovariance
            return tracked(fix: fix, dimensions: dimensions, outcome: .gated)
        }
        if first.distance > ChiSquarePoint.manoeuvre.value(degreesOfFreedom: dimensions), manoeuvreScale != 1 {
            (predicted, predictedCovariance) = predict(previous, covariance, over: seconds, dimensions: dimensions, scale: manoeuvreScale)
            guard let again = Self.innovation(measured, noise: noise, predicted, predictedCovariance, observation) else {
                return start(at: measured, noise: noise, time: time, fix: fix)
            }
            (innovation, inverse) = (again.innovation, again.inverse)
        }
        gatedInARow = 0
        let gain = predictedCovariance.timesTransposed(observation) * inverse
        let keep = SmallMatrix.identity(2 * dimensions) - gain * observation
        state = predicted + gain * innovation
        // Joseph's form, which stays symmetric and positive definite.
        covariance = (keep * predictedCovariance).timesTransposed(keep) + (gain * noise).timesTransposed(gain)
        return tracked(fix: fix, dimensions: dimensions, outcome: .updated)
    }

    /// The innovation of `measured` (covariance `noise`) against the prediction, the inverse of its
    /// covariance and its squared Mahalanobis distance; `nil` if that covariance is singular.
    private static func innovation(
        _ measured: SmallMatrix, noise: SmallMatrix, _ predicted: SmallMatrix, _ predictedCovariance: SmallMatrix, _ observation: SmallMatrix
    ) -> (innovation: SmallMatrix, inverse: SmallMatrix, distance: Double)? {
        let innovation = measured - observation * predicted
        guard let inverse = ((observation * predictedCovariance).timesTransposed(observation) + noise).symmetricInverse else { return nil }
        return (innovation, inverse, (innovation.transposed * inverse * innovation)[0, 0])
    }

    /// Starts the track at `measured`, at rest give or take ``startingSpeedDeviation``.
    private mutating func start(at measured: SmallMatrix, noise: SmallMatrix, time: Duration, fix: PositionFix) -> TrackedPosition {
        let dimensions = measured.rows
        state = SmallMatrix(rows: 2 * dimensions, columns: 1, values: measured.values + Array(repeating: 0, count: dimensions))
        var start = SmallMatrix.identity(2 * dimensions, scale: Self.startingSpeedDeviation * Self.startingSpeedDeviation)
        for row in 0..<dimensions {
            for column in 0..<dimensions {
                start[row, column] = noise[row, column]
            }
        }
        covariance = start
        lastTime = time
        gatedInARow = 0
        return tracked(fix: fix, dimensions: dimensions, outcome: .started)
    }

    /// How fast a tag may be going when its track starts, one standard deviation: 2 m/s, a brisk
    /// walk or a slow vehicle.
    static let startingSpeedDeviation = 2.0

    /// The state and covariance `seconds` later, with `scale` times the tag's acceleration.
    private func predict(
        _ state: SmallMatrix, _ covariance: SmallMatrix, over seconds: Double, dimensions: Int, scale: Double
    ) -> (SmallMatrix, SmallMatrix) {
        var transition = SmallMatrix.identity(2 * dimensions)
        var process = SmallMatrix.identity(2 * dimensions, scale: 0)
        let deviation = acceleration.metresPerSecondSquared * scale
        let variance = deviation * deviation
        let (t2, t3, t4) = (seconds * seconds, seconds * seconds * seconds, seconds * seconds * seconds * seconds)
        for axis in 0..<dimensions {
            transition[axis, dimensions + axis] = seconds
            process[axis, axis] = variance * t4 / 4
            process[axis, dimensions + axis] = variance * t3 / 2
            process[dimensions + axis, axis] = variance * t3 / 2
            process[dimensions + axis, dimensions + axis] = variance * t2
        }
        return (transition * state, (transition * covariance).timesTransposed(transition) + process)
    }

    /// The tracked position, velocity and covariance, at the fix's height in 2-D.
    private func tracked(fix: PositionFix, dimensions: Int, outcome: TrackedPosition.Outcome) -> TrackedPosition {
        let values = state?.values ?? []
        let position = dimensions == 3
            ? Vector3(x: values[0], y: values[1], z: values[2])
            : Vector3(x: values[0], y: fix.position.metres.y, z: values[1])
        let velocity = dimensions == 3
            ? Vector3(x: values[3], y: values[4], z: values[5])
            : Vector3(x: values[2], y: 0, z: values[3])
        let block = (0..<dimensions).flatMap { row in (0..<dimensions).map { covariance[row, $0] } }
        return TrackedPosition(
            position: Position(metres: position), velocity: Velocity(metresPerSecond: velocity), covariance: block, outcome: outcome)
    }

    /// The fix's coordinates the covariance is about: x and z in 2-D, x, y and z in 3-D.
    private static func coordinates(of position: Position, dimensions: Int) -> [Double] {
        let point = position.metres
        return dimensions == 3 ? [point.x, point.y, point.z] : [point.x, point.z]
    }

    /// H of a fix in 2-D and in 3-D.
    private static let planarObservation = observation(2)
    private static let spatialObservation = observation(3)

    /// H: the position part of the state.
    private static func observation(_ dimensions: Int) -> SmallMatrix {
        var matrix = SmallMatrix(rows: dimensions, columns: 2 * dimensions, values: Array(repeating: 0, count: 2 * dimensions * dimensions))
        for axis in 0..<dimensions {
            matrix[axis, axis] = 1
        }
        return matrix
    }
}
