import Foundation
import UWBRanging

extension NISession {
    /// What a session reports, as the ``NISession/events(bufferingNewest:)`` sequence delivers it: the
    /// delegate's callbacks, plus the ranging engine's measurement behind each update. A swift-uwb
    /// addition.
    public enum Event: Sendable {
        /// The session started running (``NISessionDelegate/sessionDidStartRunning(_:)``).
        case didStartRunning
        /// An accessory session made the shareable configuration data to send its accessory
        /// (``NISessionDelegate/session(_:didGenerateShareableConfigurationData:for:)``).
        case didGenerateShareableConfigurationData(Data, NINearbyObject)
        /// The peer was measured (``NISessionDelegate/session(_:didUpdate:)``); `measurement` is the
        /// ranging engine's full result: raw and filtered values, timestamps, levels, NLOS
        /// likelihood and figure of merit.
        case didUpdate(NINearbyObject, measurement: RangingMeasurement)
        /// A DL-TDoA round's messages were received (``NISessionDelegate/session(_:didUpdateDLTDOA:)``).
        case didUpdateDLTDOA([NIDLTDOAMeasurement])
        /// The peer was removed (``NISessionDelegate/session(_:didRemove:reason:)``).
        case didRemove(NINearbyObject, reason: NINearbyObject.RemovalReason)
        /// The session was suspended (``NISessionDelegate/sessionWasSuspended(_:)``).
        case wasSuspended
        /// The suspension ended (``NISessionDelegate/sessionSuspensionEnded(_:)``).
        case suspensionEnded
        /// The session was invalidated (``NISessionDelegate/session(_:didInvalidateWith:)``); the
        /// sequence ends after it.
        case didInvalidate(NIError)
    }
}
