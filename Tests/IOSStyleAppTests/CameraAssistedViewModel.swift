// A camera-assisted Nearby Interaction screen, written as an iOS 16 app writes it (in the style of
// Apple's camera-assistance documentation): it owns an AR session, configures it as
// `NISession.setARSession(_:)` asks, hands it to the Nearby Interaction session and asks for camera
// assistance where the device has it. Nothing in this file is specific to Linux.
import ARKit
import Foundation
import NearbyInteraction
import simd

/// One peer's session with camera assistance where the device supports it.
@MainActor
final class CameraAssistedViewModel: NSObject, @preconcurrency NISessionDelegate, @preconcurrency ARSessionDelegate {
    /// The AR session the app runs itself and shares with Nearby Interaction.
    let arSession = ARSession()
    /// The Nearby Interaction session.
    private var session: NISession?
    /// The latest distance to the peer, in metres.
    private(set) var distance: Float?
    /// The world transforms offered for the peer.
    private(set) var worldTransforms: [simd_float4x4] = []
    /// The errors the AR session failed with.
    private(set) var arFailures: [ARError.Code] = []
    /// The codes the Nearby Interaction session was invalidated with.
    private(set) var invalidations: [NIError.Code] = []

    /// Starts the screen's sessions and returns this device's token, archived for the peer.
    func start() throws -> Data {
        let session = NISession()
        session.delegate = self
        self.session = session
        arSession.delegate = self
        // The configuration `setARSession(_:)` documents: world tracking, gravity-aligned, no
        // collaboration, no face tracking, no initial world map.
        let world = ARWorldTrackingConfiguration()
        world.worldAlignment = .gravity
        world.isCollaborationEnabled = false
        world.userFaceTrackingEnabled = false
        world.initialWorldMap = nil
        arSession.run(world)
        session.setARSession(arSession)
        guard let token = session.discoveryToken else { throw CocoaError(.featureUnsupported) }
        return try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
    }

    /// The peer's token arrived: run with camera assistance if the device has it, or if `forced`.
    func received(peerTokenData data: Data, forcingCameraAssistance forced: Bool = false) throws {
        guard let peer = try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) else {
            throw CocoaError(.coderReadCorrupt)
        }
        let configuration = NINearbyPeerConfiguration(peerToken: peer)
        configuration.isCameraAssistanceEnabled = forced || NISession.deviceCapabilities.supportsCameraAssistance
        session?.run(configuration)
    }

    /// Ends both sessions.
    func stop() {
        session?.invalidate()
        arSession.pause()
    }

    // MARK: NISessionDelegate

    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        guard let object = nearbyObjects.first else { return }
        distance = object.distance
        if let transform = session.worldTransform(for: object) {
            worldTransforms.append(transform)
        }
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        invalidations.append((error as? NIError)?.code ?? .sessionFailed)
    }

    // MARK: ARSessionDelegate

    func session(_ session: ARSession, didFailWithError error: any Error) {
        if let error = error as? ARError {
            arFailures.append(error.code)
        }
    }

    /// Camera assistance asks for no relocalization.
    func sessionShouldAttemptRelocalization(_ session: ARSession) -> Bool {
        false
    }
}
