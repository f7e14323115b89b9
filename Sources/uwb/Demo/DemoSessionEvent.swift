import NearbyInteraction
import UWBRanging

/// What one demo session reported, as its delegate heard it.
enum DemoSessionEvent: Sendable {
    /// The session started running.
    case started
    /// The peer was measured.
    case measured(NINearbyObject, RangingMeasurement)
    /// The peer was removed.
    case removed(NINearbyObject.RemovalReason)
    /// The session was invalidated.
    case invalidated(NIError)
}
