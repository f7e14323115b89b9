/// What an ``ARSession`` tells about its state (ARKit: iOS 11). Every method has a default that does nothing.
public protocol ARSessionObserver: AnyObject {
    /// The session failed: here, whenever it is run.
    func session(_ session: ARSession, didFailWithError error: any Error)
    /// The session was interrupted.
    func sessionWasInterrupted(_ session: ARSession)
    /// The interruption ended.
    func sessionInterruptionEnded(_ session: ARSession)
    /// Whether the session may try to relocalize after an interruption. NearbyInteraction's camera
    /// assistance asks for a delegate that answers false (`NISession.setARSession(_:)`); the default is false.
    func sessionShouldAttemptRelocalization(_ session: ARSession) -> Bool
}

/// What an ``ARSession`` tells about its frames, on top of its state (ARKit: iOS 11).
public protocol ARSessionDelegate: ARSessionObserver {
    /// The camera captured a new frame: never called here, where no camera runs.
    func session(_ session: ARSession, didUpdate frame: ARFrame)
}

extension ARSessionObserver {
    /// Does nothing.
    public func session(_ session: ARSession, didFailWithError error: any Error) {}
    /// Does nothing.
    public func sessionWasInterrupted(_ session: ARSession) {}
    /// Does nothing.
    public func sessionInterruptionEnded(_ session: ARSession) {}
    /// False.
    public func sessionShouldAttemptRelocalization(_ session: ARSession) -> Bool { false }
}

extension ARSessionDelegate {
    /// Does nothing.
    public func session(_ session: ARSession, didUpdate frame: ARFrame) {}
}
