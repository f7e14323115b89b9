/// One event of one session of a ``SessionMesh``: which device's session about which peer.
public struct SessionMeshReport: Sendable {
    /// The device whose session reported.
    public let device: String
    /// The peer the session ranges with.
    public let peer: String
    /// What it reported.
    public let event: SessionMeshEvent
}
