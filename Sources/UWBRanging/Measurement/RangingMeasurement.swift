import UWBCore

/// One ranging result for one peer, as a ``MeasurementBuilder`` makes it from a finished round (or
/// a UCI device reports it):
/// distance and direction when they are known, the raw timestamps, and how much to trust them.
public struct RangingMeasurement: Hashable, Sendable {
    /// The peer's short address.
    public var peer: UInt16
    /// Which side of the exchange this device played.
    public var role: RangingRole
    /// The round number.
    public var round: UInt16
    /// When the round finished, on a clock that does not wrap: the device's clock unwrapped since
    /// the builder's first measurement.
    public var time: Duration
    /// How long after this peer's previous measurement (same builder) this one came: the update
    /// interval really achieved, which is longer than the one asked for when rounds fail or the air
    /// is too busy for it; `nil` for the first measurement.
    public var interval: Duration?
    /// The filtered distance, or `nil` if the round gave none (an impossible set of timestamps).
    public var distance: Distance?
    /// The distance of this round alone, after antenna-delay and range-bias corrections.
    public var rawDistance: Distance?
    /// The filtered unit direction to the peer in the device frame (+x right, +y up, −z out of the
    /// back), on boards with three coherent receivers and inside the field of view; `nil` otherwise.
    public var direction: Vector3?
    /// The filtered angle to the peer in the device's horizontal plane (positive to the right), on
    /// boards with two or more coherent receivers and inside the field of view; `nil` otherwise.
    public var horizontalAngle: Angle?
    /// The direction of this round alone (before the filter), inside the field of view; `nil` as
    /// for ``direction``.
    public var rawDirection: Vector3?
    /// The horizontal angle of this round alone (before the filter), inside the field of view.
    public var rawHorizontalAngle: Angle?
    /// The six timestamps of the round; nil when the device measured the round itself and gives
    /// none (a UCI device).
    public var timestamps: RoundTimestamps?
    /// The received level of the last frame this side received.
    public var receivedLevel: PowerLevel?
    /// The first-path level of the same frame.
    public var firstPathLevel: PowerLevel?
    /// Where the same frame's first path lay in its channel impulse response, in samples with the fraction
    /// the chip's leading-edge detection gave (``ReceptionDiagnostics/firstPathIndex``); nil without one.
    public var firstPathIndex: Double?
    /// How many preamble symbols the receiver accumulated for the same frame (RXPACC); nil without one.
    public var preambleSymbolsAccumulated: Int?
    /// How likely it is that the direct path was blocked, 0...1 (UM §4.7 rule on RX − FP).
    public var nlosLikelihood: Double
    /// How much to trust the distance, 0...1 (``FigureOfMerit``).
    public var figureOfMerit: Double
    /// The carrier phase difference of each non-reference antenna of the board's array to the
    /// reference, as the chips measured it (no calibrated offset removed, no field of view or line
    /// of sight required), averaged over the round's received frames: what PDoA calibration
    /// collects; `nil` on boards with one coherent receiver or when no frame had every phase.
    public var phaseDifferences: [Angle]?
    /// The checks the round failed (``RangingQualityFlags``); empty when it passed them all. A
    /// round with a flag of ``RangingQualityFlags/withholdsDistance`` has no distance or direction.
    public var qualityFlags: RangingQualityFlags

    /// A measurement with the given values.
    public init(
        peer: UInt16, role: RangingRole, round: UInt16, time: Duration, interval: Duration? = nil, distance: Distance?,
        rawDistance: Distance?,
        direction: Vector3?, horizontalAngle: Angle?, rawDirection: Vector3?, rawHorizontalAngle: Angle?,
        timestamps: RoundTimestamps?, receivedLevel: PowerLevel?,
        firstPathLevel: PowerLevel?, firstPathIndex: Double? = nil, preambleSymbolsAccumulated: Int? = nil,
        nlosLikelihood: Double, figureOfMerit: Double, phaseDifferences: [Angle]? = nil,
        qualityFlags: RangingQualityFlags = []
    ) {
        self.peer = peer
        self.role = role
        self.round = round
        self.time = time
        self.interval = interval
        self.distance = distance
        self.rawDistance = rawDistance
        self.direction = direction
        self.horizontalAngle = horizontalAngle
        self.rawDirection = rawDirection
        self.rawHorizontalAngle = rawHorizontalAngle
        self.timestamps = timestamps
        self.receivedLevel = receivedLevel
        self.firstPathLevel = firstPathLevel
        self.firstPathIndex = firstPathIndex
        self.preambleSymbolsAccumulated = preambleSymbolsAccumulated
        self.nlosLikelihood = nlosLikelihood
        self.figureOfMerit = figureOfMerit
        self.phaseDifferences = phaseDifferences
        self.qualityFlags = qualityFlags
    }
}
