import UWBCore

/// A constant-velocity Kalman filter on the distance to one peer, with an innovation gate against
/// outliers (Bar-Shalom, Li and Kirubarajan, "Estimation with Applications to Tracking and Navigation",
/// §6.3.3: the discrete white-noise-acceleration model).
///
/// The state is distance d and its rate v. Between measurements dt apart, d += v·dt and the covariance
/// grows by Q = σa²·[dt⁴/4, dt³/2; dt³/2, dt²]. A measurement z with variance R updates the state unless
/// its innovation z − d exceeds ``DistanceFilterTuning/gate`` standard deviations √(P₀₀ + R); after
/// ``DistanceFilterTuning/rejectionsBeforeReset`` consecutive rejections the filter restarts from z.
/// Because the model carries a velocity, a peer moving at constant speed is followed without lag.
public struct DistanceFilter: Sendable {
    /// The constants in use.
    public let tuning: DistanceFilterTuning
    /// The latest estimate; nil before the first measurement.
    public private(set) var estimate: DistanceEstimate?

    /// Variance of the distance, m².
    private var distanceVariance = 0.0
    /// Covariance of distance and velocity, m²/s.
    private var crossCovariance = 0.0
    /// Variance of the velocity, m²/s².
    private var velocityVariance = 0.0
    /// Measurements rejected in a row.
    private var consecutiveRejections = 0

    /// An empty filter with the given tuning.
    public init(tuning: DistanceFilterTuning = .walkingPerson) {
        self.tuning = tuning
    }

    /// Fuses the distance `measured` at `time` and returns the new estimate.
    ///
    /// `standardDeviation` overrides ``DistanceFilterTuning/measurementStandardDeviation`` for this
    /// measurement (for example from a figure of merit). A time earlier than the last estimate restarts
    /// the filter (verdict ``MeasurementVerdict/reset``); equal times fuse without prediction.
    ///
    /// - Throws: ``FilterError`` if `measured` is not finite or `standardDeviation` is not positive and
    ///   finite; the filter is left unchanged.
    public mutating func update(at time: Duration, measured: Distance, standardDeviation: Distance? = nil) throws(FilterError) -> DistanceEstimate {
        guard measured.metres.isFinite else { throw .notFinite("measured distance \(measured.metres) m") }
        let sigma = standardDeviation?.metres ?? tuning.measurementStandardDeviation.metres
        guard sigma.isFinite, sigma > 0 else { throw .invalidStandardDeviation(sigma) }
        let variance = sigma * sigma

        guard let previous = estimate else { return start(at: time, from: measured, variance: variance, verdict: .initialised) }
        let dt = (time - previous.time).secondsValue
        guard dt >= 0 else { return start(at: time, from: measured, variance: variance, verdict: .reset) }

        var distance = previous.distance.metres + previous.velocity.metresPerSecond * dt
        var velocity = previous.velocity.metresPerSecond
        predictCovariance(over: dt)

        let innovation = measured.metres - distance
        let innovationVariance = distanceVariance + variance
        let normalised = abs(innovation) / innovationVariance.squareRoot()
        let verdict: MeasurementVerdict
        if normalised > tuning.gate {
            consecutiveRejections += 1
            if consecutiveRejections >= tuning.rejectionsBeforeReset {
                return start(at: time, from: measured, variance: variance, verdict: .reset)
            }
            verdict = .rejected(normalisedInnovation: normalised)
        } else {
            consecutiveRejections = 0
            let distanceGain = distanceVariance / innovationVariance
            let velocityGain = crossCovariance / innovationVariance
            distance += distanceGain * innovation
            velocity += velocityGain * innovation
            velocityVariance -= velocityGain * crossCovariance
            crossCovariance -= distanceGain * crossCovariance
            distanceVariance -= distanceGain * distanceVariance
            verdict = .accepted
        }
        let next = DistanceEstimate(
            time: time, distance: Distance(metres: distance), velocity: Speed(metresPerSecond: velocity),
            distanceStandardDeviation: Distance(metres: distanceVariance.squareRoot()), verdict: verdict)
        estimate = next
        return next
    }

    /// Forgets every measurement.
    public mutating func reset() {
        self = DistanceFilter(tuning: tuning)
    }

    /// P ← F·P·Fᵀ + Q for F = [1, dt; 0, 1].
    private mutating func predictCovariance(over dt: Double) {
        let q = tuning.accelerationStandardDeviation * tuning.accelerationStandardDeviation
        let dt2 = dt * dt
        distanceVariance += 2 * dt * crossCovariance + dt2 * velocityVariance + q * dt2 * dt2 / 4
        crossCovariance += dt * velocityVariance + q * dt2 * dt / 2
        velocityVariance += q * dt2
    }

    /// Restarts at `measured` with zero velocity and the initial uncertainties.
    private mutating func start(at time: Duration, from measured: Distance, variance: Double, verdict: MeasurementVerdict) -> DistanceEstimate {
        let speedSigma = tuning.initialSpeedStandardDeviation.metresPerSecond
        distanceVariance = variance
        crossCovariance = 0
        velocityVariance = speedSigma * speedSigma
        consecutiveRejections = 0
        let first = DistanceEstimate(
            time: time, distance: measured, velocity: Speed(metresPerSecond: 0),
            distanceStandardDeviation: Distance(metres: variance.squareRoot()), verdict: verdict)
        estimate = first
        return first
    }
}
