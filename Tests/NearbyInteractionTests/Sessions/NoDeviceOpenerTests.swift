import Foundation
@testable import NearbyInteraction
import NearbyInteractionDefaultDevice
import Testing

/// What `NISession()` does without `NearbyInteractionDefaultDevice` (an app on the
/// `NearbyInteractionSessions` product that gave no device), and that linking it is what makes
/// `UWB_DEVICE` count. Every test binary links the module, so its absence is given explicitly.
@Suite("Sessions: the device UWB_DEVICE names is opened only where NearbyInteractionDefaultDevice is linked")
struct NoDeviceOpenerTests {
    @Test("without the opener, no device: unsupportedPlatform, saying how to give one")
    func withoutOpener() {
        guard case .failure(let error) = DeviceService.open(environment: ["UWB_DEVICE": "uci:tcp://127.0.0.1:1"], with: nil) else {
            Issue.record("a service without an opener")
            return
        }
        #expect(error.code == .unsupportedPlatform)
        for fragment in ["NearbyInteractionDefaultDevice", "NISession(device:", "DeviceService.setDefault(_:)", "NearbyInteraction product"] {
            #expect(error.detail?.contains(fragment) == true, "\(fragment): \(error)")
        }
    }

    @Test("linked, the opener is found at run time (the lookup is NearbyInteraction's own) and reads the environment it is given")
    func linked() {
        guard case .failure(let error) = DeviceService.open(environment: ["UWB_DEVICE": "bogus"]) else {
            Issue.record("a service on UWB_DEVICE=bogus")
            return
        }
        #expect(error.code == .unsupportedPlatform)
        #expect(error.detail?.contains("UWB_DEVICE=bogus") == true, "\(error)")
    }
}
