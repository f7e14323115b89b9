import UWBCore
import UWBEmulator
import UWBPositioning

/// One fix an emulated tag made (or why it made none), with the truth the emulator knows.
public struct PositionRecord: Hashable, Sendable {
    /// How the tag measured.
    public enum Method: String, Hashable, Sendable, CaseIterable {
        /// It listened to the anchors' DL-TDoA rounds.
        case downlinkTDoA = "dl-tdoa"
    }

    /// When the fix was made (the last frame it used arrived), on the emulated world's clock.
    public var time: SimulationTime
    /// The tag's name.
    public var device: String
    /// How it measured.
    public var method: Method
    /// The fix, or why there is none.
    public var result: Result<PositionFix, PositioningError>
    /// The fix on the globe, where the scenario has a site origin.
    public var geodetic: GeodeticPosition?
    /// Where the tag's antenna truly was at ``time``.
    public var truth: Position

    /// The distance from the fix to the truth, in the fix's space (horizontal in 2-D), or `nil`
    /// without a fix.
    public var error: Distance? {
        guard case .success(let fix) = result else { return nil }
        let offset = fix.position.metres - truth.metres
        let planar = fix.covariance.count == 4
        return Distance(metres: (offset.x * offset.x + offset.z * offset.z + (planar ? 0 : offset.y * offset.y)).squareRoot())
    }
}
