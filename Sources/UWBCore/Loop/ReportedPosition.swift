/// A position one device's positioning software fixed of itself at one instant, as it tells the
/// loop that hosts its radio (``MeasurementReporting``): the emulator service shows it to its
/// observers beside the device's true position, with its uncertainty and its track.
public struct ReportedPosition: Hashable, Sendable {
    /// The position, in the site's coordinates (metres; y up).
    public var position: Position
    /// The covariance of the position's error in m², row by row: 2×2 over x and z (a fix in the
    /// horizontal plane at a known height) or 3×3 over x, y and z.
    public var covariance: [Double]
    /// When the software fixed it, on the loop's clock (``DeviceLoop/now``).
    public var time: Duration

    /// A position with the given values.
    public init(position: Position, covariance: [Double], time: Duration) {
        self.position = position
        self.covariance = covariance
        self.time = time
    }

    /// The covariance of x and z alone, row by row (2×2): what a view from above draws its
    /// uncertainty ellipse with; nil for a covariance of neither 4 nor 9 values.
    public var horizontalCovariance: [Double]? {
        switch covariance.count {
        case 4: covariance
        case 9: [covariance[0], covariance[2], covariance[6], covariance[8]]
        default: nil
        }
    }
}
