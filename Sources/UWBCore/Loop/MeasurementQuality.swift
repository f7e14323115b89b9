/// How far to trust a reported measurement, beyond its NLOS judgement: the stack's figure of
/// merit, the levels of the last frame it received for it, and the checks its round failed
/// (``ReportedMeasurement/quality``). Each is nil when the stack does not give it.
public struct MeasurementQuality: Hashable, Sendable {
    /// How much the stack trusts the distance, 0…1 (UWBRanging's `FigureOfMerit`).
    public var figureOfMerit: Double?
    /// The received level of the last frame the measuring side received for the round.
    public var receivedLevel: PowerLevel?
    /// The first-path level of the same frame.
    public var firstPathLevel: PowerLevel?
    /// The checks the round failed (empty when it passed them all); nil from a stack that checks
    /// none.
    public var failedChecks: RangingQualityFlags?

    /// A quality with the given values; by default none is known.
    public init(
        figureOfMerit: Double? = nil, receivedLevel: PowerLevel? = nil, firstPathLevel: PowerLevel? = nil,
        failedChecks: RangingQualityFlags? = nil
    ) {
        self.figureOfMerit = figureOfMerit
        self.receivedLevel = receivedLevel
        self.firstPathLevel = firstPathLevel
        self.failedChecks = failedChecks
    }
}
