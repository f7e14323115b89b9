import Foundation
import simd

/// One camera image with the tracking state it was captured in (ARKit: iOS 11). A session here captures
/// none (``ARSession/currentFrame`` is nil); the type exists for code that handles frames.
open class ARFrame: NSObject, @unchecked Sendable {
    /// When the frame was captured, in seconds.
    public let timestamp: TimeInterval
    /// The camera's position, orientation and tracking state for the frame.
    public let camera: ARCamera

    /// A frame captured at `timestamp` by `camera`.
    public init(timestamp: TimeInterval, camera: ARCamera) {
        self.timestamp = timestamp
        self.camera = camera
    }
}

/// The camera's position and orientation in the world, and how well they are tracked (ARKit: iOS 11).
open class ARCamera: NSObject, @unchecked Sendable {
    /// How well the camera's position is known (ARKit: iOS 11).
    public enum TrackingState: Sendable, Equatable {
        /// Not known at all.
        case notAvailable
        /// Known with limited quality, for `Reason`.
        case limited(Reason)
        /// Known.
        case normal

        /// Why tracking is limited.
        public enum Reason: Sendable, Equatable {
            /// The session is starting.
            case initializing
            /// The device moves too fast.
            case excessiveMotion
            /// The scene shows too little detail.
            case insufficientFeatures
            /// The session is relocalizing after an interruption.
            case relocalizing
        }
    }

    /// The camera's position and orientation in world coordinates.
    public let transform: simd_float4x4
    /// How well they are tracked.
    public let trackingState: TrackingState

    /// A camera at `transform` tracked as `trackingState`.
    public init(transform: simd_float4x4, trackingState: TrackingState) {
        self.transform = transform
        self.trackingState = trackingState
    }
}
