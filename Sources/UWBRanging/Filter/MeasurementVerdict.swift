/// What a filter did with one measurement.
public enum MeasurementVerdict: Hashable, Sendable {
    /// The first measurement: the filter started from it.
    case initialised
    /// The measurement passed the innovation gate and was fused.
    case accepted
    /// The measurement lay this many innovation standard deviations from the prediction, beyond the gate;
    /// the estimate is the prediction alone.
    case rejected(normalisedInnovation: Double)
    /// Too many consecutive rejections, or time went backwards: the filter restarted from this measurement.
    case reset
}
