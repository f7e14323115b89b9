extension NISession {
    /// Where `object` is in ARKit's world coordinates, for placing content at the peer (Apple:
    /// iOS 16); nil when no transform is available.
    ///
    /// Apple computes it only for camera-assisted sessions, from ARKit's tracking of this device.
    /// Linux has neither a camera nor ARKit, and a session refuses to run with
    /// ``NINearbyPeerConfiguration/isCameraAssistanceEnabled`` set, so this is always nil here: the
    /// value Apple returns for a session without camera assistance. There is no `setARSession(_:)`:
    /// its parameter type, ARKit's `ARSession`, does not exist on Linux.
    public func worldTransform(for object: NINearbyObject) -> simd_float4x4? {
        nil
    }
}
