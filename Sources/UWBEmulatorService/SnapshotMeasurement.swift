import UWBCore
import UWBEmulator

/// The latest measurement one end of a ``SnapshotLink`` reported of the other: what the app
/// attached to that device measured (``MeasurementReporting``), beside the link's true distance.
public struct SnapshotMeasurement: Hashable, Sendable {
    /// The measuring device's index in ``EmulatorSnapshot/devices``: one of the link's two ends.
    public var by: Int
    /// The distance it measured; nil for a round whose checks withheld it (``MeasurementQuality/failedChecks``).
    public var distance: Distance?
    /// The peer's bearing in its horizontal plane, positive to the right; nil when not measured.
    public var azimuth: Angle?
    /// The peer's angle above its horizontal plane; nil when not measured.
    public var elevation: Angle?
    /// Whether its stack judged the direct path blocked; nil from a stack that does not judge it.
    public var isNonLineOfSight: Bool?
    /// How far to trust it beyond NLOS: figure of merit, levels, failed checks, as the app's stack gave them.
    public var quality: MeasurementQuality
    /// The virtual instant it was reported: its app delivered it then.
    public var at: SimulationTime

    /// A measurement with the given values.
    public init(
        by: Int, distance: Distance?, azimuth: Angle? = nil, elevation: Angle? = nil, isNonLineOfSight: Bool? = nil,
        quality: MeasurementQuality = MeasurementQuality(), at: SimulationTime
    ) {
        self.by = by
        self.distance = distance
        self.azimuth = azimuth
        self.elevation = elevation
        self.isNonLineOfSight = isNonLineOfSight
        self.quality = quality
        self.at = at
    }
}
