import ARKit
import Foundation
import NearbyInteraction
import Testing
import UWBDevices
import UWBEmulator

/// A camera-assisted iOS-style screen (``CameraAssistedViewModel``) on the emulator, as on a device
/// without camera assistance: it compiles unchanged, its AR session fails as ARKit fails for a
/// configuration the device cannot run, and its Nearby Interaction session ranges without the camera;
/// forcing camera assistance gets `invalidARConfiguration`, as Apple documents.
@Suite("A camera-assisted iOS-style app on a device without camera assistance")
struct CameraAssistedAppTests {
    @Test("the AR session fails as unsupported; ranging runs without the camera, and forced camera assistance is invalidARConfiguration",
          arguments: [false, true])
    func withoutCameraAssistance(forced: Bool) async throws {
        let (emulation, aliceRadio, bobRadio, _) = try RangingAppTests.world()
        let alice = await CameraAssistedViewModel(), bob = await CameraAssistedViewModel()
        @MainActor func on<Result>(_ radio: DeviceService, _ body: () throws -> Result) rethrows -> Result {
            try DeviceService.withDefault(radio, operation: body)
        }
        #expect(!NISession.deviceCapabilities.supportsCameraAssistance)
        #expect(!ARWorldTrackingConfiguration.isSupported)
        try await MainActor.run {
            let aliceToken = try on(aliceRadio) { try alice.start() }
            let bobToken = try on(bobRadio) { try bob.start() }
            try on(aliceRadio) { try alice.received(peerTokenData: bobToken, forcingCameraAssistance: forced) }
            try on(bobRadio) { try bob.received(peerTokenData: aliceToken) }
        }
        emulation.run(until: emulation.simulator.now + .seconds(2))
        // The main queue delivers the AR session's failure; one more hop makes sure it has.
        await MainActor.run {}

        #expect(await alice.arFailures == [.unsupportedConfiguration])
        #expect(await alice.worldTransforms.isEmpty)
        if forced {
            // Alice's session never ran, so Bob has nobody to range with.
            #expect(await alice.invalidations == [.invalidARConfiguration])
            #expect(await bob.distance == nil)
        } else {
            #expect(await alice.invalidations.isEmpty)
            #expect(abs((await alice.distance ?? 0) - 3) < 0.15)
            #expect(abs((await bob.distance ?? 0) - 3) < 0.15)
        }
        await alice.stop()
        await bob.stop()
    }

    @Test("an AR session without a delegate runs and pauses without a word; its configuration is a copy")
    func quietSession() {
        let session = ARSession()
        let world = ARWorldTrackingConfiguration()
        world.planeDetection = [.horizontal]
        session.run(world, options: [.resetTracking, .removeExistingAnchors])
        world.planeDetection = []
        #expect((session.configuration as? ARWorldTrackingConfiguration)?.planeDetection == [.horizontal])
        #expect(session.currentFrame == nil)
        session.pause()
        #expect(ARError(.unsupportedConfiguration).description.contains("Linux has no camera"))
    }
}
