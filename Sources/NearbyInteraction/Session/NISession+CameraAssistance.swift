#if canImport(ARKit)
import ARKit
#endif

extension NISession {
    /// Where `object` is in ARKit's world coordinates, for placing content at the peer (Apple:
    /// iOS 16); nil when no transform is available.
    ///
    /// Apple computes it only for camera-assisted sessions, from ARKit's tracking of this device.
    /// Linux has neither a camera nor ARKit's tracking, and a session refuses to run with
    /// ``NINearbyPeerConfiguration/isCameraAssistanceEnabled`` set, so this is always nil here: the
    /// value Apple returns for a session without camera assistance.
    public func worldTransform(for object: NINearbyObject) -> simd_float4x4? {
        nil
    }

    #if canImport(ARKit)
    /// Gives the session an AR session of the app's to use for camera assistance (Apple: iOS 16).
    ///
    /// Apple uses it only for a configuration with ``NINearbyPeerConfiguration/isCameraAssistanceEnabled``
    /// set, and invalidates such a session with ``NIError/Code/invalidARConfiguration`` on a device without
    /// camera assistance. Linux is such a device (``NIRadioCapability/supportsCameraAssistance`` is false):
    /// the session is kept and not used, a run without camera assistance ranges as it would without it, and
    /// a run with it is invalidated with ``NIError/Code/invalidARConfiguration``.
    public func setARSession(_ session: ARSession) {
        withState { $0.arSession = session }
    }
    #endif
}
