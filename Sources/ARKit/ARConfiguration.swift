import Foundation

/// How an ``ARSession`` tracks the device and the world (ARKit: iOS 11). No configuration is supported
/// on Linux: there is no camera (``isSupported`` is false).
open class ARConfiguration: NSObject, NSCopying, @unchecked Sendable {
    /// How the world's coordinates are aligned with the real world (ARKit: iOS 11).
    public enum WorldAlignment: Int, Sendable {
        /// The y axis up, against gravity; the origin where the device was when the session started.
        case gravity = 0
        /// As ``gravity``, with −z pointing north.
        case gravityAndHeading = 1
        /// The axes follow the camera.
        case camera = 2
    }

    /// Whether this device can run the configuration: false, since Linux has no camera.
    open class var isSupported: Bool { false }

    /// The world's alignment; ``WorldAlignment/gravity`` by default, as in ARKit.
    open var worldAlignment: WorldAlignment = .gravity

    /// A configuration with ARKit's defaults.
    public override init() {
        super.init()
    }

    /// A copy with the same settings.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = ARConfiguration()
        copy.worldAlignment = worldAlignment
        return copy
    }
}

/// Tracking of the device's position and orientation in the world with the back camera (ARKit: iOS 11):
/// the configuration NearbyInteraction's camera assistance asks for (`NISession.setARSession(_:)`).
/// Not supported on Linux (``ARConfiguration/isSupported`` is false).
open class ARWorldTrackingConfiguration: ARConfiguration, @unchecked Sendable {
    /// Which planes to detect (ARKit: iOS 11.3).
    public struct PlaneDetection: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Creates a set from its raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Horizontal planes.
        public static let horizontal = PlaneDetection(rawValue: 1 << 0)
        /// Vertical planes.
        public static let vertical = PlaneDetection(rawValue: 1 << 1)
    }

    /// Whether the session shares its world with other devices (false by default).
    open var isCollaborationEnabled = false
    /// Whether the front camera tracks the user's face at the same time (false by default).
    open var userFaceTrackingEnabled = false
    /// A world to start from; nil by default.
    open var initialWorldMap: ARWorldMap?
    /// The planes to detect; none by default.
    open var planeDetection: PlaneDetection = []
    /// Whether the camera focuses automatically (true by default).
    open var isAutoFocusEnabled = true

    /// A copy with the same settings.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = ARWorldTrackingConfiguration()
        copy.worldAlignment = worldAlignment
        copy.isCollaborationEnabled = isCollaborationEnabled
        copy.userFaceTrackingEnabled = userFaceTrackingEnabled
        copy.initialWorldMap = initialWorldMap
        copy.planeDetection = planeDetection
        copy.isAutoFocusEnabled = isAutoFocusEnabled
        return copy
    }
}

/// A saved map of a world-tracking session (ARKit: iOS 12); never made here.
open class ARWorldMap: NSObject, @unchecked Sendable {}
