import Foundation
import NearbyInteraction

/// A delegate that records every callback, in order, on its own serial queue.
final class SessionRecorder: NISessionDelegate, @unchecked Sendable {
    /// One delegate callback.
    enum Call: Equatable {
        case started
        case updated(distance: Float?, direction: simd_float3?, horizontalAngle: Float?)
        case removed(NINearbyObject.RemovalReason)
        case suspended
        case suspensionEnded
        case invalidated(NIError.Code)

        /// The distance, if this is an update with one.
        var distance: Float? {
            if case .updated(let distance, _, _) = self { distance } else { nil }
        }
    }

    /// The queue the session delivers on.
    let queue: DispatchQueue
    /// Guarded by ``queue``: every call so far.
    private var recorded: [Call] = []
    /// Guarded by ``queue``: the errors of invalidations, with their detail.
    private var recordedErrors: [NIError] = []
    /// Guarded by ``queue``: the shareable configuration data of accessory sessions, with the object it is for.
    private var recordedShareable: [(data: Data, object: NINearbyObject)] = []

    init(name: String) {
        queue = DispatchQueue(label: "recorder." + name)
    }

    /// Every call so far, after the queue has delivered what was sent before.
    var calls: [Call] {
        queue.sync { recorded }
    }

    /// The errors of the invalidations so far.
    var errors: [NIError] {
        queue.sync { recordedErrors }
    }

    /// The shareable configuration data accessory sessions generated so far.
    var shareable: [(data: Data, object: NINearbyObject)] {
        queue.sync { recordedShareable }
    }

    /// The distance updates so far.
    var distances: [Float] {
        calls.compactMap { if case .updated(let distance, _, _) = $0 { distance } else { nil } }
    }

    /// The updates so far.
    var updates: [Call] {
        calls.filter { if case .updated = $0 { true } else { false } }
    }

    /// The calls other than updates, in order.
    var lifecycle: [Call] {
        calls.filter { if case .updated = $0 { false } else { true } }
    }

    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        for object in nearbyObjects {
            recorded.append(.updated(distance: object.distance, direction: object.direction, horizontalAngle: object.horizontalAngle))
        }
    }

    func session(_ session: NISession, didRemove nearbyObjects: [NINearbyObject], reason: NINearbyObject.RemovalReason) {
        recorded.append(.removed(reason))
    }

    func sessionWasSuspended(_ session: NISession) {
        recorded.append(.suspended)
    }

    func sessionSuspensionEnded(_ session: NISession) {
        recorded.append(.suspensionEnded)
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        let error = error as? NIError ?? NIError(.sessionFailed)
        recordedErrors.append(error)
        recorded.append(.invalidated(error.code))
    }

    func session(_ session: NISession, didGenerateShareableConfigurationData shareableConfigurationData: Data, for object: NINearbyObject) {
        recordedShareable.append((shareableConfigurationData, object))
    }

    func sessionDidStartRunning(_ session: NISession) {
        recorded.append(.started)
    }
}
