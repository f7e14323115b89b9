import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices

/// `NISession()` in a process whose `UWB_DEVICE` choice cannot be opened, without a default
/// service: what an iOS app sees on a device without UWB. Runs only where the process indeed has no
/// radio (the environment is read, never changed), which is always the case in a build without the
/// USB backend and the emulator service client.
@Suite("Sessions: no radio", .enabled(if: processHasNoRadio()))
struct NoRadioSessionTests {
    @Test("not supported, no capabilities, no token; run invalidates with .unsupportedPlatform")
    func unsupported() throws {
        #expect(!NISession.isSupported)
        let capabilities = NISession.deviceCapabilities
        #expect(!capabilities.supportsPreciseDistanceMeasurement)
        #expect(!capabilities.supportsDirectionMeasurement)
        #expect(!capabilities.supportsCameraAssistance)

        let log = SessionRecorder(name: "no-radio")
        let session = NISession()
        session.delegateQueue = log.queue
        session.delegate = log
        #expect(session.discoveryToken == nil)
        session.run(NINearbyPeerConfiguration(peerToken: ArchiveFixtures.token(seed: 5)))
        #expect(log.calls == [.invalidated(.unsupportedPlatform)])
        #expect(log.errors.first?.detail?.isEmpty == false)
        // Invalidated for good: a second run fails as any run after invalidation does.
        session.run(NINearbyPeerConfiguration(peerToken: ArchiveFixtures.token(seed: 6)))
        #expect(log.calls == [.invalidated(.unsupportedPlatform), .invalidated(.sessionFailed)])
        // pause() and invalidate() do nothing and do not crash.
        session.pause()
        session.invalidate()
        #expect(log.calls.count == 2)
    }
}

/// Whether the radio `UWB_DEVICE` names (or the first attached board) cannot be opened.
private func processHasNoRadio() -> Bool {
    (try? DeviceChoice.fromEnvironment().open()) == nil
}
