extension NIError {
    /// The Nearby Interaction error codes, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The device cannot range: no usable UWB radio (Apple: iOS 14).
        case unsupportedPlatform = -5889
        /// The configuration is not valid: a malformed or foreign peer token (Apple: iOS 14).
        case invalidConfiguration = -5888
        /// The session failed and cannot be restarted (Apple: iOS 14).
        case sessionFailed = -5887
        /// The session was active longer than allowed (Apple: iOS 14). Never raised on Linux: sessions
        /// have no time limit here.
        case resourceUsageTimeout = -5886
        /// Too many sessions are active (Apple: iOS 14).
        case activeSessionsLimitExceeded = -5885
        /// The user did not allow access (Apple: iOS 14). On Linux: this user may not open the USB
        /// board `UWB_DEVICE` names (its device node's permissions; the detail says how to install the
        /// udev rule).
        case userDidNotAllow = -5884
        /// Camera assistance could not start (Apple: iOS 16). On Linux, which has no camera assistance:
        /// running a configuration with `isCameraAssistanceEnabled` set.
        case invalidARConfiguration = -5883
        /// A Bluetooth accessory is not paired or connected (Apple: iOS 16). Never raised on Linux:
        /// the app carries the accessory protocol's Bluetooth link itself, and an accessory that
        /// stops ranging is removed with ``NINearbyObject/RemovalReason/timeout`` as any peer.
        case accessoryPeerDeviceUnavailable = -5882
        /// The configuration does not match the peer's capabilities (Apple: iOS 17). On Linux: the
        /// peer token's capabilities say its radio cannot measure distance.
        case incompatiblePeerDevice = -5881
        /// Only one extended-distance session may run at a time (Apple: iOS 17). Never raised on Linux,
        /// which has no extended distance measurement: a configuration that enables it runs without
        /// it, so no session counts as an extended-distance one.
        case activeExtendedDistanceSessionsLimitExceeded = -5880

        /// The case name, for example `invalidConfiguration`.
        public var description: String {
            switch self {
            case .unsupportedPlatform: "unsupportedPlatform"
            case .invalidConfiguration: "invalidConfiguration"
            case .sessionFailed: "sessionFailed"
            case .resourceUsageTimeout: "resourceUsageTimeout"
            case .activeSessionsLimitExceeded: "activeSessionsLimitExceeded"
            case .userDidNotAllow: "userDidNotAllow"
            case .invalidARConfiguration: "invalidARConfiguration"
            case .accessoryPeerDeviceUnavailable: "accessoryPeerDeviceUnavailable"
            case .incompatiblePeerDevice: "incompatiblePeerDevice"
            case .activeExtendedDistanceSessionsLimitExceeded: "activeExtendedDistanceSessionsLimitExceeded"
            }
        }

        /// What happened, in one sentence.
        public var summary: String {
            switch self {
            case .unsupportedPlatform:
                "This device has no UWB radio that Nearby Interaction can use."
            case .invalidConfiguration:
                "The configuration is not valid (for example a malformed peer token, this session's own token, or an update interval the radio cannot keep)."
            case .sessionFailed:
                "The session failed and cannot be restarted (for example, its radio was unplugged or stopped answering)."
            case .resourceUsageTimeout:
                "The session was active longer than allowed."
            case .activeSessionsLimitExceeded:
                "Too many sessions are active on this radio."
            case .userDidNotAllow:
                "Access to the radio was not allowed."
            case .invalidARConfiguration:
                "Camera assistance could not start: Linux has no camera assistance."
            case .accessoryPeerDeviceUnavailable:
                "The accessory is not available: it is not paired or connected."
            case .incompatiblePeerDevice:
                "The configuration asks for something the peer device cannot do."
            case .activeExtendedDistanceSessionsLimitExceeded:
                "Too many extended-distance sessions: Linux has no extended distance measurement."
            }
        }

        /// What to do on Linux.
        public var recoverySuggestion: String {
            switch self {
            case .unsupportedPlatform:
                "Attach a supported DW1000 USB board, or set UWB_DEVICE (for example UWB_DEVICE=emulator:NAME) to use an emulated radio; check NISession.deviceCapabilities first."
            case .invalidConfiguration:
                "Send the peer this session's archived discoveryToken, unarchive the peer's token as sent, and run NINearbyPeerConfiguration(peerToken:) with it."
            case .sessionFailed:
                "Create a new NISession and exchange its new discovery token with the peer."
            case .resourceUsageTimeout:
                "Create a new NISession and exchange its new discovery token with the peer."
            case .activeSessionsLimitExceeded:
                "Invalidate sessions you no longer need, then run again."
            case .userDidNotAllow:
                "Give this process access to the radio (for a USB board, the device node's permissions or a udev rule)."
            case .invalidARConfiguration:
                "Leave isCameraAssistanceEnabled false; deviceCapabilities.supportsCameraAssistance is false on Linux."
            case .accessoryPeerDeviceUnavailable:
                "Range with peers using NINearbyPeerConfiguration."
            case .incompatiblePeerDevice:
                "Check the peer token's deviceCapabilities and leave isExtendedDistanceMeasurementEnabled and isCameraAssistanceEnabled false."
            case .activeExtendedDistanceSessionsLimitExceeded:
                "Leave isExtendedDistanceMeasurementEnabled false; deviceCapabilities.supportsExtendedDistanceMeasurement is false on Linux."
            }
        }

        /// Whether `error` is an ``NIError`` with this code, so that `catch NIError.invalidConfiguration`
        /// works as on Apple platforms.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? NIError)?.code == code
        }
    }
}
