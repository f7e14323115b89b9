import UWBCore
import UWBEmulator
import UWBPositioning

/// One fix a tag made (or why it made none), with the truth where the emulator knows it.
public struct PositionRecord: Hashable, Sendable {
    /// When the fix was made (the last frame it used arrived), on the emulated world's clock (a live
    /// radio's loop clock for `uwb locate --device`).
    public var time: SimulationTime
    /// The tag's name.
    public var device: String
    /// How it was positioned.
    public var method: PositioningMethod
    /// The fix, or why there is none.
    public var result: Result<PositionFix, PositioningError>
    /// The fix on the globe, where the scenario has a site origin.
    public var geodetic: GeodeticPosition?
    /// The tag's track after the fix (``PositionTracker``), or `nil` without a fix.
    public var tracked: TrackedPosition?
    /// Where the tag's antenna truly was at ``time``.
    public var truth: Position?

    /// A record with the given values.
    public init(
        time: SimulationTime, device: String, method: PositioningMethod, result: Result<PositionFix, PositioningError>,
        geodetic: GeodeticPosition?, tracked: TrackedPosition?, truth: Position?
    ) {
        self.time = time
        self.device = device
        self.method = method
        self.result = result
        self.geodetic = geodetic
        self.tracked = tracked
        self.truth = truth
    }

    /// The distance from the fix to the truth, in the fix's space (horizontal in 2-D), or `nil`
    /// without a fix.
    public var error: Distance? {
        guard case .success(let fix) = result, let truth else { return nil }
        return distance(from: fix.position, to: truth, planar: fix.covariance.count == 4)
    }

    /// The distance from the tracked position to the truth, as ``error`` measures it.
    public var trackedError: Distance? {
        guard let tracked, let truth else { return nil }
        return distance(from: tracked.position, to: truth, planar: tracked.covariance.count == 4)
    }

    /// How far `position` is from `truth`, horizontally only if `planar`.
    private func distance(from position: Position, to truth: Position, planar: Bool) -> Distance {
        let offset = position.metres - truth.metres
        return Distance(metres: (offset.x * offset.x + offset.z * offset.z + (planar ? 0 : offset.y * offset.y)).squareRoot())
    }
}
