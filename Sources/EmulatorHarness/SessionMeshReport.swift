import UWBEmulator

/// One event of one session of a ``SessionMesh``: which device's session about which peer, and when.
public struct SessionMeshReport: Sendable {
    /// The device whose session reported.
    public let device: String
    /// The peer the session ranges with.
    public let peer: String
    /// The virtual instant the session reported it (its delegate was called): the instant of the
    /// device's event that led to it.
    public let time: SimulationTime
    /// What it reported.
    public let event: SessionMeshEvent
}
