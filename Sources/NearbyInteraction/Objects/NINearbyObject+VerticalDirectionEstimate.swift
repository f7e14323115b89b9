extension NINearbyObject {
    /// A coarse estimate of whether the peer is above or below this device (Apple: iOS 16).
    public enum VerticalDirectionEstimate: Int, Sendable, Hashable, CaseIterable {
        /// No estimate. swift-uwb reports this unless the radio measures elevation.
        case unknown = 0
        /// Roughly level with this device.
        case same = 1
        /// Above this device.
        case above = 2
        /// Below this device.
        case below = 3
        /// Above or below, but not which (for example from an antenna pair that cannot tell).
        case aboveOrBelow = 4
    }
}
