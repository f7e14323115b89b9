import Foundation
import UWBRanging

/// What a session tells its app (Apple: iOS 14). Every method is optional: the defaults do nothing.
///
/// Calls arrive on the session's ``NISession/delegateQueue``, or on the main queue when it is nil.
/// A command-line program must run the main queue for that: call `dispatchMain()`, run
/// `RunLoop.main`, or make `main` `async` (the Swift runtime then serves the main queue while it
/// awaits). Otherwise set a `delegateQueue` of its own.
public protocol NISessionDelegate: AnyObject {
    /// The session measured its peer: `nearbyObjects` holds it with its latest distance and direction.
    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject])
    /// The session stopped talking to its peer: it timed out or ended its session. Call `run` again
    /// to try again.
    func session(_ session: NISession, didRemove nearbyObjects: [NINearbyObject], reason: NINearbyObject.RemovalReason)
    /// The session was suspended (``DeviceService/suspendSessions()``); ranging stops until the app
    /// calls `run` after ``sessionSuspensionEnded(_:)``.
    func sessionWasSuspended(_ session: NISession)
    /// The suspension ended; call `run` to range again.
    func sessionSuspensionEnded(_ session: NISession)
    /// The session was invalidated and cannot run again; `error` is an ``NIError``.
    func session(_ session: NISession, didInvalidateWith error: any Error)
    /// The session started running its configuration (Apple: iOS 16).
    func sessionDidStartRunning(_ session: NISession)
    /// Camera assistance changed state for `object`, or for the whole session if nil (Apple:
    /// iOS 16). Apple calls it only for camera-assisted sessions; Linux has no camera assistance,
    /// so a session here never calls it (see ``NIAlgorithmConvergence``).
    func session(_ session: NISession, didUpdateAlgorithmConvergence convergence: NIAlgorithmConvergence, for object: NINearbyObject?)
    /// An accessory session (``NINearbyAccessoryConfiguration``) made the shareable configuration
    /// data for its accessory, `object` (Apple: iOS 15): send `shareableConfigurationData` to the
    /// accessory (the accessory samples' message 0x0B), which then starts ranging.
    func session(_ session: NISession, didGenerateShareableConfigurationData shareableConfigurationData: Data, for object: NINearbyObject)
    /// The device received the messages of a DL-TDoA round from the anchors of the running
    /// ``NIDLTDOAConfiguration`` (Apple: iOS 26, Objective-C `session:didUpdateDLTDOAMeasurements:`):
    /// one measurement per message, the round's Poll, Responses and Final, in the order received.
    func session(_ session: NISession, didUpdateDLTDOA measurements: [NIDLTDOAMeasurement])
    /// The ranging engine's measurement behind an update, right after
    /// ``session(_:didUpdate:)``: raw and filtered distance and direction, the six timestamps, received
    /// levels, NLOS likelihood and figure of merit, and its time on the radio loop's clock. A swift-uwb
    /// addition.
    func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject)
}

extension NISessionDelegate {
    /// Does nothing.
    public func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {}
    /// Does nothing.
    public func session(_ session: NISession, didRemove nearbyObjects: [NINearbyObject], reason: NINearbyObject.RemovalReason) {}
    /// Does nothing.
    public func sessionWasSuspended(_ session: NISession) {}
    /// Does nothing.
    public func sessionSuspensionEnded(_ session: NISession) {}
    /// Does nothing.
    public func session(_ session: NISession, didInvalidateWith error: any Error) {}
    /// Does nothing.
    public func sessionDidStartRunning(_ session: NISession) {}
    /// Does nothing.
    public func session(_ session: NISession, didUpdateAlgorithmConvergence convergence: NIAlgorithmConvergence, for object: NINearbyObject?) {}
    /// Does nothing.
    public func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject) {}
    /// Does nothing.
    public func session(_ session: NISession, didGenerateShareableConfigurationData shareableConfigurationData: Data, for object: NINearbyObject) {}
    /// Does nothing.
    public func session(_ session: NISession, didUpdateDLTDOA measurements: [NIDLTDOAMeasurement]) {}
}
