/// What one ranging session measured of its peer at one instant, as a device's stack tells the
/// loop that hosts its radio (``MeasurementReporting``): the emulator service shows it to its
/// observers beside the true distance.
public struct ReportedMeasurement: Hashable, Sendable {
    /// The peer's short address, as the radio uses it on the air (the source address of the
    /// peer's frames).
    public var peer: UInt16
    /// The distance to the peer; nil for a round whose checks withheld it
    /// (``RangingQualityFlags/withholdsDistance`` in ``MeasurementQuality/failedChecks``).
    public var distance: Distance?
    /// The peer's bearing in the device's horizontal plane, positive to the right; nil when not
    /// measured.
    public var azimuth: Angle?
    /// The peer's angle above the device's horizontal plane; nil when not measured.
    public var elevation: Angle?
    /// Whether the stack judged the direct path blocked; nil from a stack that does not judge it.
    public var isNonLineOfSight: Bool?
    /// How far to trust it beyond NLOS.
    public var quality: MeasurementQuality
    /// When the stack delivered the measurement to its app, on the loop's clock
    /// (``DeviceLoop/now``).
    public var time: Duration

    /// A measurement with the given values.
    public init(
        peer: UInt16, distance: Distance?, azimuth: Angle? = nil, elevation: Angle? = nil, isNonLineOfSight: Bool? = nil,
        quality: MeasurementQuality = MeasurementQuality(), time: Duration
    ) {
        self.peer = peer
        self.distance = distance
        self.azimuth = azimuth
        self.elevation = elevation
        self.isNonLineOfSight = isNonLineOfSight
        self.quality = quality
        self.time = time
    }
}
