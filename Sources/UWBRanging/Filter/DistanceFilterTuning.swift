import UWBCore

/// The constants of a ``DistanceFilter``, each chosen for a person carrying the peer device.
public struct DistanceFilterTuning: Hashable, Sendable {
    /// The standard deviation of the unmodelled acceleration along the line of sight, in m/s²
    /// (process noise of the constant-velocity model, Bar-Shalom's piecewise-constant white acceleration).
    public var accelerationStandardDeviation: Double
    /// The measurement noise used when ``DistanceFilter/update(at:measured:standardDeviation:)`` is given none.
    public var measurementStandardDeviation: Distance
    /// The spread of the speed at the first measurement, when nothing is known about it.
    public var initialSpeedStandardDeviation: Speed
    /// How many standard deviations of the innovation a measurement may lie from the prediction before it
    /// is rejected as an outlier.
    public var gate: Double
    /// How many consecutive rejections make the filter restart from the latest measurement: the peer
    /// really moved (or the filter diverged), and clinging to the old track would hide it.
    public var rejectionsBeforeReset: Int

    /// A tuning with the given values.
    public init(
        accelerationStandardDeviation: Double, measurementStandardDeviation: Distance,
        initialSpeedStandardDeviation: Speed, gate: Double, rejectionsBeforeReset: Int
    ) {
        self.accelerationStandardDeviation = accelerationStandardDeviation
        self.measurementStandardDeviation = measurementStandardDeviation
        self.initialSpeedStandardDeviation = initialSpeedStandardDeviation
        self.gate = gate
        self.rejectionsBeforeReset = rejectionsBeforeReset
    }

    /// Tuning for a handheld device and a person walking, ranged at about 10 Hz:
    ///
    /// - acceleration σ 1 m/s²: a person starting or stopping reaches walking speed (1.5 m/s) in about
    ///   1.5 s. A constant-velocity filter follows a steady walk with no lag at all; this value sets how
    ///   fast it adapts when the speed changes (a sudden 0 → 1.5 m/s start lags by under 0.1 s at 10 Hz)
    ///   against how much noise passes: with 5 cm measurements at 10 Hz the static output σ is about
    ///   2.9 cm (2 m/s² would give 3.3 cm, 0.5 m/s² 2.5 cm but 0.11 s of start-up lag);
    /// - measurement σ 5 cm: the upper end of line-of-sight DW1000 noise (2–5 cm at good SNR, physics
    ///   reference §3.5), so the filter does not trust single readings too much;
    /// - initial speed σ 2 m/s: covers anything from standing to jogging;
    /// - gate 5σ: Gaussian noise exceeds it once in 1.7 million readings, while an NLOS excess delay
    ///   (30 cm to 1 m) or a misdetected path lies far outside;
    /// - reset after 5 rejections: half a second at 10 Hz, long enough to ride out a burst of multipath,
    ///   short enough that a real jump (a peer that appeared around a corner) is followed quickly.
    public static let walkingPerson = DistanceFilterTuning(
        accelerationStandardDeviation: 1, measurementStandardDeviation: .centimetres(5),
        initialSpeedStandardDeviation: Speed(metresPerSecond: 2), gate: 5, rejectionsBeforeReset: 5)
}
