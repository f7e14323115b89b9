/// Whether an accessory is moving, as an app tells a session with
/// `NISession.updateMotionState(_:forObjectWithToken:)` (Apple: iOS 27). Apple does not publish the raw
/// values; these are of our choice.
public enum NIMotionActivityState: Int, Sendable, CaseIterable {
    /// The accessory's motion is not known.
    case unknown = 0
    /// The accessory stands still.
    case stationary = 1
    /// The accessory moves.
    case moving = 2
}
