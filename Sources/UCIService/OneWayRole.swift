import UCI

/// A device's part in a one-way session: it only listens, or only sends, and takes its radio for
/// the session's time.
enum OneWayRole: Hashable {
    /// A DL-TDoA tag (DEVICE_ROLE 8): listens to the anchors of the network whose identifier is the session id.
    case downlinkTDoATag
    /// An OWR-AoA advertiser (DEVICE_ROLE 5): sends a frame every ranging interval.
    case advertiser
    /// An OWR-AoA observer (DEVICE_ROLE 6): measures the angle of its session's advertisers' frames.
    case observer

    /// The role of DEVICE_ROLE `deviceRole`, or nil for a two-way one.
    init?(deviceRole: UInt8) {
        switch deviceRole {
        case UCIConstants.downlinkTDoATagRole: self = .downlinkTDoATag
        case UCIConstants.advertiserRole: self = .advertiser
        case UCIConstants.observerRole: self = .observer
        default: return nil
        }
    }

    /// The RANGING_ROUND_USAGE the role goes with.
    var roundUsage: UInt8 {
        switch self {
        case .downlinkTDoATag: UCIConstants.downlinkTDoARoundUsage
        case .advertiser, .observer: UCIConstants.oneWayAoARoundUsage
        }
    }
}
