import UWBCore

/// The direction to a peer measured by an antenna array, in the NearbyInteraction device frame
/// (+x right, +y up, −z out of the back).
public struct DirectionEstimate: Hashable, Sendable {
    /// The unit vector toward the peer, from arrays that measure two components (three antennas in an L);
    /// nil from two-antenna (linear) arrays, which measure a single component.
    public var direction: Vector3?
    /// The azimuth toward the peer, positive to the right (+x), as NearbyInteraction defines it.
    /// From a three-antenna array it is atan2(u_x, −u_z) of the full direction. A two-antenna array
    /// measures only u·a for its axis a (+x on the shipped boards), so it reports asin(u·a): the
    /// azimuth for a peer level with the device, smaller for one above or below. Two antennas cannot
    /// tell a peer in front from its mirror image behind (or above from below): both give the same angle.
    public var horizontalAngle: Angle?
    /// Whether noise pushed the measured components beyond a unit vector and they were clamped onto it
    /// (a component of ±1, or u_z = 0): the angle is then at the edge of what the array can see and less
    /// accurate than usual.
    public var wasClamped: Bool

    /// An estimate with the given values.
    public init(direction: Vector3?, horizontalAngle: Angle?, wasClamped: Bool = false) {
        self.direction = direction
        self.horizontalAngle = horizontalAngle
        self.wasClamped = wasClamped
    }
}
