import UWBCore
import UWBEmulator

/// The latest position a device's app fixed of it (``EmulatorRequest/position(_:)``), with the
/// fixes before it, beside the device's true position in a ``SnapshotDevice``.
public struct SnapshotFix: Hashable, Sendable {
    /// The position fixed.
    public var position: Position
    /// The covariance of its error in m², row by row: 2×2 over x and z, or 3×3 over x, y and z.
    public var covariance: [Double]
    /// The virtual instant it was reported.
    public var at: SimulationTime
    /// The positions of the fixes before it, oldest first: up to ``trackLength`` of them.
    public var track: [Position]

    /// How many earlier fixes a track keeps.
    public static let trackLength = 60

    /// A fix with the given values.
    public init(position: Position, covariance: [Double], at: SimulationTime, track: [Position] = []) {
        self.position = position
        self.covariance = covariance
        self.at = at
        self.track = track
    }

    /// The fix that follows this one: `fields`, with this one's position added to the track
    /// (which drops its oldest beyond ``trackLength``).
    func followed(by fields: PositionFields) -> SnapshotFix {
        SnapshotFix(
            position: fields.position, covariance: fields.covariance, at: fields.at,
            track: Array((track + [position]).suffix(Self.trackLength)))
    }
}
