// An app's Nearby Interaction code, written as an iOS app writes it (in the style of Apple's
// documentation and samples): it compiles unchanged for iOS. Nothing in this file is specific to
// Linux; the radio is chosen by whoever creates the view model (see RangingAppTests.swift).
import Foundation
import NearbyInteraction
import simd

/// The state of one peer as the app shows it.
struct PeerState: Sendable {
    /// The latest distance in metres.
    var distance: Float?
    /// The latest unit direction toward the peer.
    var direction: simd_float3?
    /// The peer's position relative to this device, in metres: direction × distance.
    var offset: simd_float3?
    /// The azimuth in radians, positive to the right.
    var azimuth: Float?
    /// Whether the peer is within 20° of straight ahead (out of the back of the device).
    var isAhead = false
}

/// The view model of a screen that ranges with nearby peers: one session per peer, tokens swapped
/// as archived data, updates on the main queue.
@MainActor
final class NearbyViewModel: NSObject, @preconcurrency NISessionDelegate {
    /// What the view shows, by the peer token's archived data, as Apple's sample code keys its
    /// peers (the same token always archives to the same bytes).
    private(set) var peers: [Data: PeerState] = [:]
    /// The sessions, by the peer token's archived data.
    private var sessions: [Data: NISession] = [:]
    /// Sessions created for a peer whose token has not arrived yet, by the data of their own token.
    private var pending: [Data: NISession] = [:]
    /// The convergence updates received (camera assistance only).
    private(set) var convergenceUpdates: [NIAlgorithmConvergenceStatus] = []
    /// The world transforms the session offered for peers (camera assistance only).
    private(set) var worldTransforms: [simd_float4x4] = []
    /// The codes of the errors the sessions were invalidated with.
    private(set) var invalidations: [NIError.Code] = []
    /// Whether the sessions have started running.
    private(set) var runningSessions = 0

    /// Whether this device can range at all, and measure direction.
    var isSupported: Bool { NISession.deviceCapabilities.supportsPreciseDistanceMeasurement }

    /// Starts a session for a new peer and returns its token, archived for sending to the peer.
    func makeSessionForNewPeer() throws -> Data {
        let session = NISession()
        session.delegate = self
        guard let token = session.discoveryToken else { throw CocoaError(.featureUnsupported) }
        let data = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
        pending[data] = session
        return data
    }

    /// The peer's token arrived (over MultipeerConnectivity, Bluetooth, a server…) for the session
    /// whose token we sent as `ourToken`: run it.
    func received(peerTokenData data: Data, forSessionWithToken ourToken: Data) throws {
        guard let session = pending.removeValue(forKey: ourToken),
              let peerToken = try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data)
        else { throw CocoaError(.coderReadCorrupt) }
        let configuration = NINearbyPeerConfiguration(peerToken: peerToken)
        if NISession.deviceCapabilities.supportsCameraAssistance {
            configuration.isCameraAssistanceEnabled = true
        }
        sessions[data] = session
        session.run(configuration)
    }

    /// Ends every session.
    func stop() {
        for session in sessions.values {
            session.invalidate()
        }
        sessions.removeAll()
    }

    // MARK: NISessionDelegate

    func sessionDidStartRunning(_ session: NISession) {
        runningSessions += 1
    }

    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        for object in nearbyObjects {
            var state = PeerState(distance: object.distance, direction: object.direction)
            if let direction = object.direction {
                state.azimuth = atan2(direction.x, -direction.z)
                state.isAhead = simd_dot(simd_normalize(direction), simd_float3(0, 0, -1)) > cos(20 * .pi / 180)
                if let distance = object.distance {
                    state.offset = distance * direction
                }
            } else if let angle = object.horizontalAngle {
                state.azimuth = angle
            }
            if let transform = session.worldTransform(for: object) {
                worldTransforms.append(transform)
            }
            if let key = try? NSKeyedArchiver.archivedData(withRootObject: object.discoveryToken, requiringSecureCoding: true) {
                peers[key] = state
            }
        }
    }

    func session(_ session: NISession, didRemove nearbyObjects: [NINearbyObject], reason: NINearbyObject.RemovalReason) {
        for object in nearbyObjects {
            if let key = try? NSKeyedArchiver.archivedData(withRootObject: object.discoveryToken, requiringSecureCoding: true) {
                peers[key] = nil
            }
        }
    }

    func session(_ session: NISession, didUpdateAlgorithmConvergence convergence: NIAlgorithmConvergence, for object: NINearbyObject?) {
        convergenceUpdates.append(convergence.status)
        switch convergence.status {
        case .notConverged(let reasons):
            // An app shows coaching text here, such as "Move the device around more."
            _ = reasons.compactMap(\.localizedDescription)
        case .converged, .unknown:
            break
        }
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        invalidations.append((error as? NIError)?.code ?? .sessionFailed)
    }
}
