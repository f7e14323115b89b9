import UWBCore

/// The output of a ``DistanceFilter`` at one instant.
public struct DistanceEstimate: Hashable, Sendable {
    /// The time of the estimate, on the caller's time axis.
    public var time: Duration
    /// The filtered distance.
    public var distance: Distance
    /// The rate of change of the distance: positive when the peer moves away.
    public var velocity: Speed
    /// The filter's own standard deviation of ``distance``.
    public var distanceStandardDeviation: Distance
    /// What happened to the measurement that produced this estimate.
    public var verdict: MeasurementVerdict

    /// An estimate with the given values.
    public init(time: Duration, distance: Distance, velocity: Speed, distanceStandardDeviation: Distance, verdict: MeasurementVerdict) {
        self.time = time
        self.distance = distance
        self.velocity = velocity
        self.distanceStandardDeviation = distanceStandardDeviation
        self.verdict = verdict
    }
}
