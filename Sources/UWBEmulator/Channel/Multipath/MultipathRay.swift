/// One ray of a link's multipath structure, before its fading is realised at the devices' positions.
public struct MultipathRay: Hashable, Sendable {
    /// How long after the direct path's light time the ray arrives, in ns.
    public var delay: Double
    /// The ray's mean power Ω, as a share of the whole channel's (the shares of a realisation add up to 1).
    public var meanPower: Double
    /// The Nakagami m factor of its amplitude.
    public var nakagami: Double
    /// Which cluster it belongs to, in the order the clusters arrive (0 for the first).
    public var cluster: Int
    /// Whether it is the first ray of the first cluster of a model whose first cluster starts at the direct
    /// path: the path along the straight line between the antennas, which obstacles on that line act on.
    public var isDirect: Bool
}
