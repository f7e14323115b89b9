import NearbyInteraction
import UWBRanging

/// What one session of a ``SessionMesh`` reported, as its delegate heard it.
public enum SessionMeshEvent: Sendable {
    /// The session started running.
    case started
    /// The peer was measured.
    case measured(NINearbyObject, RangingMeasurement)
    /// The peer was removed.
    case removed(NINearbyObject.RemovalReason)
    /// The session was invalidated.
    case invalidated(NIError)
}
