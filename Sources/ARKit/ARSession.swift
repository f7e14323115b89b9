import Foundation
import simd

/// The object that runs augmented reality on Apple platforms (ARKit: iOS 11). Linux has no camera and
/// no motion tracking, so this one never starts one: ``run(_:options:)`` with a configuration the
/// device does not support (every one here: ``ARConfiguration/isSupported`` is false) fails as ARKit
/// fails then, telling the delegate ``ARError/Code/unsupportedConfiguration``. It exists so that
/// NearbyInteraction code that hands an `ARSession` to `NISession.setARSession(_:)` compiles on Linux.
open class ARSession: NSObject, @unchecked Sendable {
    /// The unique identifier of the session.
    public let identifier = UUID()
    /// The object told about the session's frames and failures. Held weakly, as in ARKit.
    open weak var delegate: (any ARSessionDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }
    /// The queue delegate calls arrive on; nil for the main queue.
    open var delegateQueue: DispatchQueue? {
        get { lock.withLock { storedQueue } }
        set { lock.withLock { storedQueue = newValue } }
    }
    /// The configuration last run, if any.
    open var configuration: ARConfiguration? {
        lock.withLock { storedConfiguration }
    }
    /// The latest frame the camera captured: always nil, since no camera runs here.
    open var currentFrame: ARFrame? { nil }

    private let lock = NSLock()
    private weak var storedDelegate: (any ARSessionDelegate)?
    private var storedQueue: DispatchQueue?
    private var storedConfiguration: ARConfiguration?

    /// A session that has not run.
    public override init() {
        super.init()
    }

    /// Runs `configuration`: here it always fails, asynchronously on the delegate queue, with
    /// ``ARError/Code/unsupportedConfiguration``, the error ARKit gives for a configuration the device
    /// does not support (no configuration is supported without a camera).
    open func run(_ configuration: ARConfiguration, options: ARSession.RunOptions = []) {
        let copy = configuration.copy() as? ARConfiguration ?? configuration
        let queue = lock.withLock { () -> DispatchQueue? in
            storedConfiguration = copy
            return storedQueue
        }
        // The delegate is read on its queue, as the session holds it then (it may have gone meanwhile).
        (queue ?? .main).async { [self] in
            delegate?.session(self, didFailWithError: ARError(.unsupportedConfiguration))
        }
    }

    /// Pauses the session: nothing runs here, so nothing changes.
    open func pause() {}
}

extension ARSession {
    /// How a run treats the session's state (ARKit: iOS 11.3).
    public struct RunOptions: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Creates options from their raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Restart tracking from the device's current position.
        public static let resetTracking = RunOptions(rawValue: 1 << 0)
        /// Remove the anchors of the previous run.
        public static let removeExistingAnchors = RunOptions(rawValue: 1 << 1)
        /// Stop the tracked raycasts of the previous run.
        public static let stopTrackedRaycasts = RunOptions(rawValue: 1 << 2)
        /// Reset the scene reconstruction of the previous run.
        public static let resetSceneReconstruction = RunOptions(rawValue: 1 << 3)
    }
}
